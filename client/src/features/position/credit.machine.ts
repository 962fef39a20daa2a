import { and, assign, fromCallback, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, outputOf } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'

/**
 * What the gateway says of a credit position, as events: its `/user` credit:call push, or a read of
 * it after the socket (re)connects (credit-watch.ts).
 */
export type PositionEvent =
  | { type: 'CALLED'; deadline: number; amount?: string }
  | { type: 'MET' }
  | { type: 'LIQUIDATED' }
  | { type: 'CLOSED' }

/** The review of a trust-funds request (`review:decided`, kind credit). */
export type VerdictEvent = {
  type: 'VERDICT'
  requestId: string
  status: 'approved' | 'rejected'
  reason?: string
}

export type CreditEvent =
  | PositionEvent
  | VerdictEvent
  /** Trust funds to add: a positive whole number of currency units (spec §5). */
  | { type: 'ADD'; credit: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

export interface CreditContext {
  id: string
  /** The position had ended when the screen opened (sold or liquidated). */
  ended: boolean
  deadline: number | null
  /** The trust funds a call pushed as due (the listed figure stands in before one arrives). */
  callAmount: string | null
  credit: string | null
  idem: string | null
  requestId: string | null
  reason: string | null
  error: string | null
}

export interface CreditInput {
  id: string
  /** The position as listed: a call's deadline (null without one) and whether it has ended. */
  deadline: number | null
  ended: boolean
}

/** ADD from idle or after a verdict: a valid amount goes to the confirmation, another is refused. */
const again = [
  { guard: 'validCredit', target: 'confirming', actions: ['takeCredit', 'newIdem'] },
  { actions: 'refuseCredit' },
] as const

/**
 * A credit position (issue 14) in two regions. `position`: healthy, or called below the
 * maintenance ratio with a deadline, until it is closed by a sale or liquidated by the system at
 * an unmet call's deadline. `trustFunds`: a request of spec §4's stock-credit record (pending,
 * applied, rejected) after a confirmation; a refusal returns to idle with its message.
 */
export const creditMachine = setup({
  types: {
    context: {} as CreditContext,
    events: {} as CreditEvent,
    input: {} as CreditInput,
  },
  actors: {
    submit: fromPromise<{ id: string }, { id: string; credit: string; idem: string }>(
      notProvided('submit'),
    ),
    /** The position's pushes and the verdicts of its requests, for as long as the screen is open. */
    watch: fromCallback<CreditEvent, { id: string }>(() => () => {}),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    /** Injected: a fresh key (crypto.randomUUID in the app, a counter in tests). */
    newIdem: assign({ idem: () => null as string | null }),
    takeCredit: assign({
      credit: ({ event }) => (event.type === 'ADD' ? event.credit : null),
      error: null,
    }),
    refuseCredit: assign({ error: 'amount_invalid' }),
    keepRequest: assign((_, sent: { id: string }) => ({ requestId: sent.id, reason: null })),
  },
  guards: {
    ended: ({ context }) => context.ended,
    called: ({ context }) => context.deadline !== null,
    validCredit: ({ event }) => event.type === 'ADD' && /^[1-9]\d{0,11}$/.test(event.credit),
    ownVerdict: ({ context, event }) =>
      event.type === 'VERDICT' && event.requestId === context.requestId,
    approved: ({ event }) => event.type === 'VERDICT' && event.status === 'approved',
  },
}).createMachine({
  id: 'credit',
  type: 'parallel',
  context: ({ input }) => ({
    id: input.id,
    ended: input.ended,
    deadline: input.deadline,
    callAmount: null,
    credit: null,
    idem: null,
    requestId: null,
    reason: null,
    error: null,
  }),
  invoke: { src: 'watch', input: ({ context }) => ({ id: context.id }) },
  states: {
    position: {
      initial: 'start',
      states: {
        start: {
          always: [
            { guard: 'ended', target: 'closed' },
            { guard: 'called', target: 'called' },
            { target: 'healthy' },
          ],
        },
        // Only an unmet call is liquidated: a healthy position ends by the user's own sale.
        healthy: {
          on: {
            CALLED: {
              target: 'called',
              actions: assign({
                deadline: ({ event }) => event.deadline,
                callAmount: ({ event }) => event.amount ?? null,
              }),
            },
            CLOSED: 'closed',
          },
        },
        called: {
          tags: ['called'],
          on: {
            MET: { target: 'healthy', actions: assign({ deadline: null, callAmount: null }) },
            LIQUIDATED: {
              target: 'liquidated',
              actions: assign({ deadline: null, callAmount: null }),
            },
            CLOSED: { target: 'closed', actions: assign({ deadline: null, callAmount: null }) },
          },
        },
        liquidated: { type: 'final' },
        closed: { type: 'final' },
      },
    },
    trustFunds: {
      initial: 'idle',
      states: {
        idle: { on: { ADD: again } },
        ...confirmStates({
          call: 'submit',
          input: ({ context }: { context: CreditContext }) => ({
            id: context.id,
            credit: context.credit ?? '',
            idem: context.idem ?? '',
          }),
          back: 'idle',
          done: { target: 'pending', actions: { type: 'keepRequest', params: outputOf } },
          refused: 'idle',
        }),
        pending: {
          on: {
            VERDICT: [
              {
                guard: and(['ownVerdict', 'approved']),
                target: 'applied',
                actions: assign({ reason: null }),
              },
              {
                guard: 'ownVerdict',
                target: 'rejected',
                actions: assign({ reason: ({ event }) => event.reason ?? null }),
              },
            ],
          },
        },
        applied: { on: { ADD: again } },
        rejected: { on: { ADD: again } },
      },
    },
  },
})
