import { alertValueUnits, type AlertAdded, type AlertKind } from '@kabu/shared/api/alerts'
import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, recordFailure } from '../../state/machine-helpers'
import type { AlertDraft } from './alerts.api'

export interface AlertAddContext {
  code: string
  kind: AlertKind
  value: string
  repeat: boolean
  /** The refusal's key (or `alert_value_invalid` before sending), if any. */
  failure: string | null
}

export type AlertAddEvent =
  | { type: 'KIND'; kind: AlertKind }
  | { type: 'VALUE'; value: string }
  | { type: 'REPEAT'; repeat: boolean }
  | { type: 'SUBMIT' }

/**
 * The add-alert sheet: editing → saving → saved, or back to editing with the refusal's key. A value
 * the gateway would refuse (shared `alertValueUnits`) is refused here before any call.
 */
export const alertAddMachine = setup({
  types: {
    context: {} as AlertAddContext,
    events: {} as AlertAddEvent,
    input: {} as { code: string; kind: AlertKind; value: string },
  },
  actors: { addAlert: fromPromise<AlertAdded, AlertDraft>(notProvided('addAlert')) },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ failure: errorKey(params.error) })),
  },
  guards: {
    valueValid: ({ context }) => alertValueUnits(context.kind, context.value) !== null,
  },
}).createMachine({
  id: 'alertAdd',
  context: ({ input }) => ({ ...input, repeat: false, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        KIND: { actions: assign({ kind: ({ event }) => event.kind, failure: null }) },
        VALUE: { actions: assign({ value: ({ event }) => event.value, failure: null }) },
        REPEAT: { actions: assign({ repeat: ({ event }) => event.repeat }) },
        SUBMIT: [
          { guard: 'valueValid', target: 'saving' },
          { actions: assign({ failure: 'alert_value_invalid' }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'addAlert',
        input: ({ context }) => ({
          code: context.code,
          kind: context.kind,
          value: context.value,
          repeat: context.repeat,
        }),
        onDone: 'saved',
        onError: { target: 'editing', actions: recordFailure },
      },
    },
    saved: { type: 'final' },
  },
})
