import type { NotifyChannel, NotifyKind, NotifySettings } from '@kabu/shared/api/notifications'
import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, recordFailure } from '../../state/machine-helpers'
import type { DeviceState } from './push-device'

export interface SwitchChange {
  kind: NotifyKind
  channel: NotifyChannel
  on: boolean
  /** Given: the quiet hours too ('' clears them). */
  quiet?: string
}

export interface NotifySettingsContext {
  settings: NotifySettings | null
  device: DeviceState
  /** The change on its way to the server; applied to `settings` once it answers. */
  pending: SwitchChange | null
  /** The `msg` of the last failed call (the screen shows it; the settings stay as they were). */
  failure: string | null
}

export type NotifySettingsEvent =
  | { type: 'TOGGLE'; kind: NotifyKind; channel: NotifyChannel; on: boolean }
  | { type: 'SET_QUIET'; quiet: string }
  | { type: 'SUBSCRIBE' }
  | { type: 'UNSUBSCRIBE' }
  | { type: 'RETRY' }

/** `/user/notifySet` always names a switch: the quiet hours go with the first one, unchanged. */
const withQuiet = (settings: NotifySettings | null, quiet: string): SwitchChange => {
  const first = settings?.settings[0]
  return { kind: first?.kind ?? 'fills', channel: 'app', on: first?.app ?? true, quiet }
}

/** The settings once the server took `change`. */
const applied = (settings: NotifySettings, change: SwitchChange): NotifySettings => ({
  ...settings,
  settings: settings.settings.map((s) =>
    s.kind === change.kind ? { ...s, [change.channel]: change.on } : s,
  ),
  quiet: change.quiet ?? settings.quiet,
})

/**
 * The notification settings under Mine: loading (the settings and this device's state) → ready;
 * from ready a switch or the quiet hours (`saving`), subscribing or taking off this device each run
 * one call and come back to ready with what the server or the browser said; a refused call leaves
 * the settings as they were and keeps its key to show. Every call is an injected actor: the
 * settings api and the browser's PushManager (push-device.ts), wired in notify-settings.live.ts.
 */
export const notifySettingsMachine = setup({
  types: { context: {} as NotifySettingsContext, events: {} as NotifySettingsEvent },
  actors: {
    load: fromPromise<{ settings: NotifySettings; device: DeviceState }>(notProvided('load')),
    save: fromPromise<null, SwitchChange>(notProvided('save')),
    subscribe: fromPromise<DeviceState>(notProvided('subscribe')),
    unsubscribe: fromPromise<DeviceState>(notProvided('unsubscribe')),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ failure: errorKey(params.error) })),
    deviceIs: assign(({ event }) => ({
      device: (event as unknown as { output: DeviceState }).output,
      failure: null,
    })),
  },
}).createMachine({
  id: 'notifySettings',
  context: { settings: null, device: 'unsupported', pending: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ ...event.output, failure: null })),
        },
        onError: { target: 'failed', actions: recordFailure },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        TOGGLE: {
          target: 'saving',
          actions: assign(({ event }) => ({
            pending: { kind: event.kind, channel: event.channel, on: event.on },
          })),
        },
        SET_QUIET: {
          target: 'saving',
          actions: assign(({ context, event }) => ({
            pending: withQuiet(context.settings, event.quiet),
          })),
        },
        SUBSCRIBE: 'subscribing',
        UNSUBSCRIBE: 'unsubscribing',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context }) => context.pending ?? withQuiet(context.settings, ''),
        onDone: {
          target: 'ready',
          actions: assign(({ context }) => ({
            settings:
              context.settings && context.pending
                ? applied(context.settings, context.pending)
                : context.settings,
            pending: null,
            failure: null,
          })),
        },
        onError: {
          target: 'ready',
          actions: [recordFailure, assign({ pending: null })],
        },
      },
    },
    subscribing: {
      tags: ['busy'],
      invoke: {
        src: 'subscribe',
        onDone: { target: 'ready', actions: 'deviceIs' },
        onError: { target: 'ready', actions: recordFailure },
      },
    },
    unsubscribing: {
      tags: ['busy'],
      invoke: {
        src: 'unsubscribe',
        onDone: { target: 'ready', actions: 'deviceIs' },
        onError: { target: 'ready', actions: recordFailure },
      },
    },
  },
})
