import { CLIENT_VERSION, type VersionInfo } from '@kabu/shared/api/common'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { describeFailure, startMachine } from './start.machine'

interface Fakes {
  version?: () => Promise<VersionInfo>
  quotes?: () => Promise<unknown>
  connect?: () => Promise<void>
  config?: () => Promise<unknown>
  hasSession?: boolean
}

function run(fakes: Fakes = {}) {
  const order: string[] = []
  const step = (name: string, fn: () => Promise<unknown>) => async (): Promise<void> => {
    order.push(name)
    await fn()
  }
  const actor = createActor(
    startMachine.provide({
      actors: {
        boot: fromPromise(step('boot', async () => {})),
        checkVersion: fromPromise(async () => {
          order.push('version')
          return (
            fakes.version ?? (async () => ({ version: CLIENT_VERSION, min_client: CLIENT_VERSION }))
          )()
        }),
        fetchQuotes: fromPromise(step('quotes', fakes.quotes ?? (async () => [{ code: 'N225' }]))),
        connectHost: fromPromise(step('connect', fakes.connect ?? (async () => {}))),
        fetchConfig: fromPromise(
          step('config', fakes.config ?? (async () => ({ kefu: 'https://x' }))),
        ),
      },
      guards: { hasSession: () => fakes.hasSession ?? false },
    }),
  ).start()
  return { actor, order }
}

const settled = (actor: ReturnType<typeof run>['actor']) =>
  waitFor(actor, (s) => s.hasTag('complete') || s.hasTag('failed'))

describe('start machine (spec §2 start screen)', () => {
  it('runs the five working steps in order and completes to login without a session', async () => {
    const { actor, order } = run()
    const done = await settled(actor)
    expect(order).toEqual(['boot', 'version', 'quotes', 'connect', 'config'])
    expect(done.matches({ complete: 'login' })).toBe(true)
    expect(done.hasTag('failed')).toBe(false)
  })

  it('completes to home when a session is stored', async () => {
    const { actor } = run({ hasSession: true })
    expect((await settled(actor)).matches({ complete: 'home' })).toBe(true)
  })

  it('fails at the version step when the client is older than min_client', async () => {
    const { actor, order } = run({
      version: async () => ({ version: '9.0.0', min_client: '9.0.0' }),
    })
    const failed = await settled(actor)
    expect(failed.context).toMatchObject({
      failedStep: 'checkingVersion',
      failure: 'version_too_old',
    })
    expect(failed.context.version?.min_client).toBe('9.0.0')
    expect(order).toEqual(['boot', 'version'])
  })

  it('accepts a client newer than min_client', async () => {
    const { actor } = run({ version: async () => ({ version: '0.0.9', min_client: '0.0.1' }) })
    expect((await settled(actor)).hasTag('complete')).toBe(true)
  })

  it('names the failed step and its reason, then retries from that step only', async () => {
    const connect = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('timeout'))
      .mockResolvedValueOnce(undefined)
    const { actor, order } = run({ connect })
    const failed = await settled(actor)
    expect(failed.context).toMatchObject({ failedStep: 'connectingHost', failure: 'unknown' })
    actor.send({ type: 'RETRY' })
    expect(actor.getSnapshot().context.failedStep).toBeNull()
    const done = await settled(actor)
    expect(done.hasTag('complete')).toBe(true)
    expect(order).toEqual(['boot', 'version', 'quotes', 'connect', 'connect', 'config'])
  })

  it('keeps a server refusal key as the reason', async () => {
    const { actor } = run({ config: () => Promise.reject({ msg: 'network_error' }) })
    expect((await settled(actor)).context).toMatchObject({
      failedStep: 'fetchingConfig',
      failure: 'network_error',
    })
  })

  it('fails the quotes step when no index comes back', async () => {
    const { actor } = run({ quotes: () => Promise.reject({ msg: 'not_found' }) })
    expect((await settled(actor)).context.failedStep).toBe('fetchingQuotes')
  })
})

describe('describeFailure', () => {
  it('keeps msg keys and calls everything else unknown', () => {
    expect(describeFailure({ msg: 'too_frequent' })).toBe('too_frequent')
    expect(describeFailure(new Error('boom'))).toBe('unknown')
    expect(describeFailure(null)).toBe('unknown')
  })
})
