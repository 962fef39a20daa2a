import type { IdentityStatus, VerifyInfo } from '@kabu/shared/api/kyc'
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided } from '../../state/machine-helpers'

/** What the form sends to /user/verify once both photos are uploaded. */
export interface VerifySubmission {
  name: string
  idnumber: string
  doctype: string
  front: string
  back: string
  agree: '1'
}

export interface KycContext {
  info: VerifyInfo | null
  /** The `msg` key of the last failed load or submit, shown on the screen. */
  error: string | null
}

export type KycEvent =
  | { type: 'SUBMIT'; submission: VerifySubmission }
  | { type: 'RESUBMIT' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }

const hasStatus = (status: IdentityStatus) => (_: unknown, info: VerifyInfo) =>
  info.status === status

const output = ({ event }: { event: { output: VerifyInfo } }) => event.output
const remember = { type: 'rememberInfo' as const, params: output }

/**
 * Identity verification as spec §4 names its states: unverified → reviewing → verified | failed,
 * and failed may submit again. Loading the status and submitting are injected actors.
 */
export const kycMachine = setup({
  types: { context: {} as KycContext, events: {} as KycEvent },
  actors: {
    loadInfo: fromPromise<VerifyInfo>(notProvided('loadInfo')),
    submit: fromPromise<void, VerifySubmission>(notProvided('submit')),
  },
  guards: {
    isReviewing: hasStatus(1),
    isVerified: hasStatus(2),
    isFailed: hasStatus(3),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    rememberInfo: assign((_, info: VerifyInfo) => ({ info, error: null })),
  },
}).createMachine({
  id: 'kyc',
  context: { info: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadInfo',
        onDone: [
          {
            guard: { type: 'isReviewing', params: output },
            target: 'reviewing',
            actions: remember,
          },
          { guard: { type: 'isVerified', params: output }, target: 'verified', actions: remember },
          { guard: { type: 'isFailed', params: output }, target: 'failed', actions: remember },
          { target: 'unverified', actions: remember },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    unverified: {
      initial: 'editing',
      states: {
        editing: { tags: ['form'], on: { SUBMIT: 'submitting' } },
        submitting: {
          tags: ['form', 'busy'],
          entry: assign({ error: null }),
          invoke: {
            src: 'submit',
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT')
              return event.submission
            },
            onDone: '#kyc.loading',
            onError: {
              target: 'editing',
              actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    reviewing: { on: { REFRESH: 'loading' } },
    verified: {},
    failed: { on: { RESUBMIT: 'unverified' } },
  },
})
