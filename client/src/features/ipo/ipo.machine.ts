import type { IpoApplication, IpoOffer } from '@kabu/shared/api/ipo'
import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, recordFailure } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'

/** What the screen loads: the offer, and the user's application to it if any. */
export interface IpoSnapshot {
  offer: IpoOffer
  application: IpoApplication | null
}

export interface IpoContext {
  snapshot: IpoSnapshot | null
  /** Shares asked for in the draft. */
  num: string | null
  idem: string | null
  error: string | null
}

export type IpoEvent =
  | { type: 'SUBSCRIBE'; num: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'PAY' }
  | { type: 'WAIVE' }
  /** Read the record again (pull to refresh, the clock moved a phase on). */
  | { type: 'REFRESH' }
  /** `ipo:drawn` arrived on /user for this offer. */
  | { type: 'DRAWN' }
  /**
   * Another push changed the user's application to this offer: `ipo:withdrawn` (the operator
   * withdrew the offer: subscription failure) or `ipo:waived` (unpaid past the deadline: lapsed).
   */
  | { type: 'CHANGED' }

/**
 * Why a draft cannot be sent, or null: a whole number of lots, within the per-user limit.
 *
 * @example numError('150', { lot: 100, upper_limit: 300 }) // 'lot_size'
 */
export function numError(num: string, offer: Pick<IpoOffer, 'lot' | 'upper_limit'>): string | null {
  if (!/^[1-9]\d{0,8}$/.test(num.trim())) return 'lot_size'
  const shares = Number(num.trim())
  if (shares % offer.lot !== 0) return 'lot_size'
  if (shares > offer.upper_limit) return 'ipo_over_user_limit'
  return null
}

const statusIs =
  (status: number) =>
  ({ context }: { context: IpoContext }) =>
    context.snapshot?.application?.status === status
const phaseIs =
  (phase: IpoOffer['phase']) =>
  ({ context }: { context: IpoContext }) =>
    context.snapshot?.application == null &&
    context.snapshot?.offer.withdrawn_at == null &&
    context.snapshot?.offer.phase === phase

const reload = { REFRESH: { target: '#ipo.loading', actions: 'clearError' } } as const
/** The subscribe call's input: the offer, the confirmed draft and its key. */
const subscription = ({ context }: { context: IpoContext }) => ({
  id: context.snapshot?.offer.id ?? '',
  num: context.num ?? '',
  idem: context.idem ?? '',
})
/** The pay or waive call's input: the application won, and the confirmation's key. */
const application = ({ context }: { context: IpoContext }) => ({
  id: context.snapshot?.application?.id ?? '',
  idem: context.idem ?? '',
})
/** A push that changed the application after its draw (withdrawn, lapsed): reload it. */
const changed = { CHANGED: '#ipo.loading' } as const

/**
 * One offer as the user meets it, in the states spec §4 names. The offer's phase first —
 * pendingSubscription, subscribing, ended — and once the user applied, the result: awaitingDraw,
 * won (pendingPayment until paid or waived), notWon (funds returned), paymentSuccess,
 * subscriptionFailure, waived (by the user), lapsed (left unpaid past the deadline: the user declined
 * nothing). Every state is read from the record (`load`); a command confirmed and sent reloads it,
 * `DRAWN` (the `/user` push) reloads an application awaiting the draw, and `CHANGED` (withdrawn,
 * lapsed) one awaiting the draw, won or paid. An offer the operator withdrew shows as ended to those who did not apply.
 */
export const ipoMachine = setup({
  types: { context: {} as IpoContext, events: {} as IpoEvent },
  actors: {
    load: fromPromise<IpoSnapshot>(notProvided('load')),
    subscribe: fromPromise<{ id: string }, { id: string; num: string; idem: string }>(
      notProvided('subscribe'),
    ),
    pay: fromPromise<{ id: string }, { id: string; idem: string }>(notProvided('pay')),
    waive: fromPromise<{ id: string }, { id: string; idem: string }>(notProvided('waive')),
  },
  actions: {
    keepLoaded: assign((_, snapshot: IpoSnapshot) => ({ snapshot })),
    takeDraft: assign((_, draft: { num: string }) => ({ num: draft.num.trim() })),
    newIdem: assign({ idem: () => `ipo-${Date.now()}-${Math.random().toString(36).slice(2)}` }),
    clearError: assign({ error: null }),
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    refuseDraft: assign(({ context, event }) => ({
      error:
        event.type === 'SUBSCRIBE' && context.snapshot
          ? numError(event.num, context.snapshot.offer)
          : null,
    })),
  },
  guards: {
    awaiting: statusIs(1),
    won: statusIs(2),
    lost: statusIs(3),
    paid: statusIs(4),
    failed: statusIs(5),
    waivedIt: statusIs(6),
    lapsedIt: statusIs(7),
    pre: phaseIs('pre'),
    open: phaseIs('subscribing'),
    draftFits: ({ context, event }) =>
      event.type === 'SUBSCRIBE' &&
      context.snapshot !== null &&
      numError(event.num, context.snapshot.offer) === null,
  },
}).createMachine({
  id: 'ipo',
  context: { snapshot: null, num: null, idem: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'routing',
          actions: { type: 'keepLoaded', params: ({ event }) => event.output },
        },
        onError: { target: 'loadFailed', actions: recordFailure },
      },
    },
    loadFailed: { on: reload },
    routing: {
      always: [
        { guard: 'awaiting', target: 'awaitingDraw' },
        { guard: 'won', target: 'won' },
        { guard: 'lost', target: 'notWon' },
        { guard: 'paid', target: 'paymentSuccess' },
        { guard: 'failed', target: 'subscriptionFailure' },
        { guard: 'waivedIt', target: 'waived' },
        { guard: 'lapsedIt', target: 'lapsed' },
        { guard: 'pre', target: 'pendingSubscription' },
        { guard: 'open', target: 'subscribing' },
        { target: 'ended' },
      ],
    },
    pendingSubscription: { tags: ['phase'], on: reload },
    subscribing: {
      tags: ['phase'],
      initial: 'editing',
      on: reload,
      states: {
        editing: {
          on: {
            SUBSCRIBE: [
              {
                guard: 'draftFits',
                target: 'confirming',
                actions: [
                  'clearError',
                  'newIdem',
                  { type: 'takeDraft', params: ({ event }) => event },
                ],
              },
              { actions: 'refuseDraft' },
            ],
          },
        },
        ...confirmStates({
          call: 'subscribe',
          input: subscription,
          back: { target: 'editing', actions: 'clearError' },
          done: '#ipo.loading',
        }),
      },
    },
    ended: { tags: ['phase'], on: reload },
    awaitingDraw: { tags: ['result'], on: { ...reload, ...changed, DRAWN: '#ipo.loading' } },
    won: {
      tags: ['result'],
      initial: 'pendingPayment',
      on: { ...reload, ...changed },
      states: {
        pendingPayment: {
          on: {
            PAY: { target: 'confirmingPay', actions: ['clearError', 'newIdem'] },
            WAIVE: { target: 'confirmingWaive', actions: ['clearError', 'newIdem'] },
          },
        },
        ...confirmStates({
          confirming: 'confirmingPay',
          submitting: 'paying',
          call: 'pay',
          input: application,
          back: { target: 'pendingPayment', actions: 'clearError' },
          done: '#ipo.loading',
        }),
        ...confirmStates({
          confirming: 'confirmingWaive',
          submitting: 'waiving',
          call: 'waive',
          input: application,
          back: { target: 'pendingPayment', actions: 'clearError' },
          done: '#ipo.loading',
        }),
      },
    },
    notWon: { tags: ['result'], on: reload },
    paymentSuccess: { tags: ['result'], on: { ...reload, ...changed } },
    subscriptionFailure: { tags: ['result'], on: reload },
    waived: { tags: ['result'], on: reload },
    lapsed: { tags: ['result'], on: reload },
  },
})

/** The spec §4 name of where the machine is, for the screen's labels and tests. */
export type IpoStateName =
  | 'pendingSubscription'
  | 'subscribing'
  | 'ended'
  | 'awaitingDraw'
  | 'won'
  | 'notWon'
  | 'paymentSuccess'
  | 'subscriptionFailure'
  | 'waived'
  | 'lapsed'
