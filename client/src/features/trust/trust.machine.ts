import type { SelfFreezeState, SelfFreezeWhat, TrustPanel } from '@kabu/shared/api/trust'
import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, outputOf, recordFailure } from '../../state/machine-helpers'
import { callState, confirmStates } from '../../state/review/confirm-states'

export interface TrustContext {
  panel: TrustPanel | null
  /** What the open confirmation will freeze or lift. */
  pending: { action: 'freeze' | 'unfreeze'; what: SelfFreezeWhat } | null
  failure: string | null
}

export type TrustEvent =
  | { type: 'RETRY' }
  | { type: 'FREEZE'; what: SelfFreezeWhat }
  | { type: 'UNFREEZE'; what: SelfFreezeWhat }
  | { type: 'CONFIRM'; fundPassword: string; totp?: string }
  | { type: 'CANCEL' }
  | { type: 'EXPORT' }

/** `totp`: the authenticator code typed for a lift ('' when the phone's passkey signs). */
type FreezeInput = { what: SelfFreezeWhat; fundPassword: string; totp: string }

/** The call's input: what the dialog was opened for, and the password its CONFIRM carried. */
const confirmed = ({
  context,
  event,
}: {
  context: TrustContext
  event: TrustEvent
}): FreezeInput => ({
  what: context.pending?.what ?? 'all',
  fundPassword: event.type === 'CONFIRM' ? event.fundPassword : '',
  totp: event.type === 'CONFIRM' ? (event.totp ?? '') : '',
})

/** A freeze or lift the server took: the panel shows its new state. */
const saved = { target: 'idle', actions: { type: 'keepFreeze', params: outputOf } } as const

/**
 * The trust panel: loading → ready | failed. From ready a freeze or a lift opens a confirmation
 * (the fund password), which calls the server and shows the new state; a refusal (the cooling-off
 * period, a wrong password) stays in the dialog. The export downloads the CSV and returns. Calls
 * are injected actors (trust.live.ts).
 */
export const trustMachine = setup({
  types: { context: {} as TrustContext, events: {} as TrustEvent },
  actors: {
    load: fromPromise<TrustPanel>(notProvided('load')),
    freeze: fromPromise<SelfFreezeState, FreezeInput>(notProvided('freeze')),
    unfreeze: fromPromise<SelfFreezeState, FreezeInput>(notProvided('unfreeze')),
    exportLedger: fromPromise<void>(notProvided('exportLedger')),
  },
  actions: {
    keepPanel: assign((_, panel: TrustPanel) => ({ panel, failure: null })),
    keepFreeze: assign(({ context }, state: SelfFreezeState) => ({
      panel: context.panel && { ...context.panel, self_freeze: state },
      pending: null,
      failure: null,
    })),
    open: assign((_, pending: TrustContext['pending']) => ({ pending, failure: null })),
    close: assign({ pending: null, failure: null }),
    recordError: assign((_, params: { error: unknown }) => ({ failure: errorKey(params.error) })),
  },
  guards: { lifting: ({ context }) => context.pending?.action === 'unfreeze' },
}).createMachine({
  id: 'trust',
  context: { panel: null, pending: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        onDone: {
          target: 'ready',
          actions: { type: 'keepPanel', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: recordFailure },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            FREEZE: {
              target: 'confirming',
              actions: {
                type: 'open',
                params: ({ event }) => ({ action: 'freeze', what: event.what }),
              },
            },
            UNFREEZE: {
              target: 'confirming',
              actions: {
                type: 'open',
                params: ({ event }) => ({ action: 'unfreeze', what: event.what }),
              },
            },
            EXPORT: 'exporting',
          },
        },
        ...confirmStates({
          submitting: 'freezing',
          tags: ['dialog'],
          call: 'freeze',
          input: confirmed,
          back: { target: 'idle', actions: 'close' },
          confirm: [{ guard: 'lifting', target: 'unfreezing' }, { target: 'freezing' }],
          done: saved,
        }),
        unfreezing: callState({
          call: 'unfreeze',
          input: confirmed,
          done: saved,
          refused: 'confirming',
          tags: ['dialog'],
        }),
        exporting: {
          tags: ['exporting'],
          invoke: {
            src: 'exportLedger',
            onDone: 'idle',
            onError: { target: 'idle', actions: recordFailure },
          },
        },
      },
    },
  },
})
