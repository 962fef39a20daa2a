import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { NOTIFY_KINDS, type NotifySettings } from '@kabu/shared/api/notifications'
import { notifySettingsMachine, type SwitchChange } from './notify-settings.machine'
import type { DeviceState } from './push-device'

const allOn = (): NotifySettings => ({
  settings: NOTIFY_KINDS.map((kind) => ({ kind, app: true, push: true })),
  quiet: '',
  devices: 0,
})

function run(options: { refuse?: boolean; subscribeTo?: DeviceState } = {}) {
  const saved: SwitchChange[] = []
  const actor = createActor(
    notifySettingsMachine.provide({
      actors: {
        load: fromPromise(async () => ({
          settings: allOn(),
          device: 'unsubscribed' as DeviceState,
        })),
        save: fromPromise(async ({ input }: { input: SwitchChange }) => {
          saved.push(input)
          if (options.refuse) throw Object.assign(new Error('refused'), { msg: 'invalid_input' })
          return null
        }),
        subscribe: fromPromise(
          async (): Promise<DeviceState> => options.subscribeTo ?? 'subscribed',
        ),
        unsubscribe: fromPromise(async (): Promise<DeviceState> => 'unsubscribed'),
      },
    }),
  ).start()
  return { actor, saved }
}

const ready = (actor: ReturnType<typeof run>['actor']) => waitFor(actor, (s) => s.matches('ready'))

describe('notifySettingsMachine', () => {
  it('turns a kind’s push off once the server took it', async () => {
    const { actor, saved } = run()
    await ready(actor)
    actor.send({ type: 'TOGGLE', kind: 'dividends', channel: 'push', on: false })
    await waitFor(actor, (s) => s.matches('ready') && saved.length === 1)
    expect(saved).toEqual([{ kind: 'dividends', channel: 'push', on: false }])
    const row = actor.getSnapshot().context.settings?.settings.find((s) => s.kind === 'dividends')
    expect(row).toEqual({ kind: 'dividends', app: true, push: false })
  })

  it('keeps the switch as it was when the server refuses, and says why', async () => {
    const { actor } = run({ refuse: true })
    await ready(actor)
    actor.send({ type: 'TOGGLE', kind: 'fills', channel: 'app', on: false })
    await waitFor(actor, (s) => s.matches('ready') && s.context.failure !== null)
    const { settings, failure } = actor.getSnapshot().context
    expect(failure).toBe('invalid_input')
    expect(settings?.settings.find((s) => s.kind === 'fills')).toMatchObject({ app: true })
  })

  it('saves quiet hours with an unchanged switch, and clears them', async () => {
    const { actor, saved } = run()
    await ready(actor)
    actor.send({ type: 'SET_QUIET', quiet: '22:00-07:00' })
    await waitFor(actor, (s) => s.context.settings?.quiet === '22:00-07:00')
    actor.send({ type: 'SET_QUIET', quiet: '' })
    await waitFor(actor, (s) => s.matches('ready') && s.context.settings?.quiet === '')
    expect(saved).toEqual([
      { kind: 'fills', channel: 'app', on: true, quiet: '22:00-07:00' },
      { kind: 'fills', channel: 'app', on: true, quiet: '' },
    ])
  })

  it('shows what the browser said of this device: subscribed, or refused', async () => {
    const granted = run()
    await ready(granted.actor)
    granted.actor.send({ type: 'SUBSCRIBE' })
    await waitFor(granted.actor, (s) => s.matches('ready') && s.context.device === 'subscribed')
    granted.actor.send({ type: 'UNSUBSCRIBE' })
    await waitFor(granted.actor, (s) => s.matches('ready') && s.context.device === 'unsubscribed')
    const refused = run({ subscribeTo: 'denied' })
    await ready(refused.actor)
    refused.actor.send({ type: 'SUBSCRIBE' })
    await waitFor(refused.actor, (s) => s.matches('ready') && s.context.device === 'denied')
  })
})
