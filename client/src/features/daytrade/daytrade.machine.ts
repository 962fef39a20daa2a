import { DAYTRADE_STATUS, type DaytradeDetail, type DaytradeSide } from '@kabu/shared/api/daytrade'
import { and, assign, fromCallback, fromPromise, setup } from 'xstate'
import { errorKey, notProvided } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'

/** What the screen loads: the newest participation in detail (null: none yet) and the wallet's cash. */
export interface DaytradeSnapshot {
  current: DaytradeDetail | null
  available: string
}

export interface OrderDraft {
  code: string
  side: DaytradeSide
  num: string
  price: string
}

export interface DaytradeContext {
  snapshot: DaytradeSnapshot | null
  money: string | null
  order: OrderDraft | null
  /** Idempotency keys: one per application, one per order (a retry resends the same). */
  applyIdem: string | null
  orderIdem: string | null
  error: string | null
  /**
   * Why the ticket's last ORDER was not taken (the gateway's key for the same fault), shown on the
   * ticket until the next ORDER: an order that does nothing must say why.
   */
  orderError: string | null
}

export type DaytradeEvent =
  | { type: 'APPLY'; money: string }
  | ({ type: 'ORDER' } & OrderDraft)
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  | { type: 'NEW' }

export interface ApplyInput {
  money: string
  idem: string
}
export interface OrderInput extends OrderDraft {
  id: string
  idem: string
}

const statusOf = (s: DaytradeSnapshot) => s.current?.status
const WHOLE = /^[1-9]\d{0,8}$/
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/
const LIMIT = /^\d+(\.\d{1,4})?$/

/**
 * What is wrong with a ticket before it goes out, as the key the gateway answers for the same
 * fault (`/trade/daytradeOrder`'s schema): no code, a share count that is not a whole number, a
 * limit that is not a price. Null: the order can be confirmed.
 */
export function draftRefusal(
  draft: OrderDraft,
): 'not_listed' | 'lot_size' | 'invalid_input' | null {
  if (draft.code.trim() === '') return 'not_listed'
  if (!WHOLE.test(draft.num.trim())) return 'lot_size'
  const price = draft.price.trim()
  if (price !== '' && !LIMIT.test(price)) return 'invalid_input'
  return null
}

const draftOf = (event: OrderDraft): OrderDraft => ({
  code: event.code.trim(),
  side: event.side,
  num: event.num.trim(),
  price: event.price.trim(),
})

/**
 * One market's intraday participation, in spec §4's states, read from the newest participation:
 * `none` (the apply form) → confirming → applying → `submitted` (review) → `applied` (approved, the
 * day not open yet) → `trading` (the order ticket: confirm, place) → `traded` (the forced flat at
 * the close settled it), or `failed` (rejected). Calls are actors given with `.provide()`; `watch`
 * sends RELOAD when the gateway says something changed (a review, the settlement, a poll).
 */
export const daytradeMachine = setup({
  types: { context: {} as DaytradeContext, events: {} as DaytradeEvent },
  actors: {
    load: fromPromise<DaytradeSnapshot>(notProvided('load')),
    apply: fromPromise<{ id: string }, ApplyInput>(notProvided('apply')),
    order: fromPromise<{ id: string }, OrderInput>(notProvided('order')),
    watch: fromCallback<DaytradeEvent, { id: string | null }>(() => () => undefined),
  },
  actions: {
    keepLoaded: assign((_, snapshot: DaytradeSnapshot) => ({ snapshot, error: null })),
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    takeMoney: assign((_, money: string) => ({ money: money.trim(), error: null })),
    // The gateway's key for an amount it cannot read: the form says it instead of nothing.
    refuseMoney: assign({ error: 'amount_invalid' }),
    takeOrder: assign((_, order: OrderDraft) => ({ order, error: null, orderError: null })),
    refuseOrder: assign((_, order: OrderDraft) => ({ orderError: draftRefusal(order) })),
    // Fresh keys come from the screen (daytrade.live.ts); a fixed one keeps the model finite.
    newApplyIdem: assign({ applyIdem: 'model-apply-key' }),
    newOrderIdem: assign({ orderIdem: 'model-order-key' }),
    clearDrafts: assign({ money: null, order: null, applyIdem: null, orderIdem: null }),
  },
  guards: {
    isNone: ({ event }) =>
      statusOf((event as unknown as { output: DaytradeSnapshot }).output) === undefined,
    hasStatus: ({ event }, status: number) =>
      statusOf((event as unknown as { output: DaytradeSnapshot }).output) === status,
    moneyValid: ({ event }) =>
      event.type === 'APPLY' && AMOUNT.test(event.money.trim()) && Number(event.money) > 0,
    orderValid: ({ event }) => event.type === 'ORDER' && draftRefusal(event) === null,
    /** A reload of a trading participation: the ticket stays on screen and takes orders. */
    reloadingTrading: ({ context }) =>
      context.snapshot?.current?.status === DAYTRADE_STATUS.trading,
  },
}).createMachine({
  id: 'daytrade',
  context: {
    snapshot: null,
    money: null,
    order: null,
    applyIdem: null,
    orderIdem: null,
    error: null,
    orderError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: 'isNone',
            target: 'none',
            actions: { type: 'keepLoaded', params: ({ event }) => event.output },
          },
          ...(
            [
              ['submitted', DAYTRADE_STATUS.submitted],
              ['applied', DAYTRADE_STATUS.applied],
              ['trading', DAYTRADE_STATUS.trading],
              ['traded', DAYTRADE_STATUS.traded],
              ['failed', DAYTRADE_STATUS.failed],
            ] as const
          ).map(([target, status]) => ({
            guard: { type: 'hasStatus' as const, params: status },
            target,
            actions: {
              type: 'keepLoaded' as const,
              params: ({ event }: { event: { output: DaytradeSnapshot } }) => event.output,
            },
          })),
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      // The watch's poll reloads a trading participation every few seconds: an order sent
      // meanwhile is taken (or refused in words) as in `trading`, never dropped.
      on: {
        ORDER: [
          {
            guard: and(['reloadingTrading', 'orderValid']),
            target: 'confirmingOrder',
            actions: [{ type: 'takeOrder', params: ({ event }) => draftOf(event) }, 'newOrderIdem'],
          },
          {
            guard: 'reloadingTrading',
            actions: { type: 'refuseOrder', params: ({ event }) => event },
          },
        ],
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    none: {
      on: {
        APPLY: [
          {
            guard: 'moneyValid',
            target: 'confirmingApply',
            actions: [{ type: 'takeMoney', params: ({ event }) => event.money }, 'newApplyIdem'],
          },
          { actions: 'refuseMoney' },
        ],
      },
    },
    ...confirmStates({
      confirming: 'confirmingApply',
      submitting: 'applying',
      call: 'apply',
      input: ({ context }: { context: DaytradeContext }) => ({
        money: context.money ?? '',
        idem: context.applyIdem ?? '',
      }),
      back: 'none',
      done: { target: 'loading', actions: 'clearDrafts' },
    }),
    submitted: {
      invoke: {
        src: 'watch',
        input: ({ context }) => ({ id: context.snapshot?.current?.id ?? null }),
      },
      on: { RELOAD: 'loading' },
    },
    applied: {
      invoke: {
        src: 'watch',
        input: ({ context }) => ({ id: context.snapshot?.current?.id ?? null }),
      },
      on: { RELOAD: 'loading' },
    },
    trading: {
      invoke: {
        src: 'watch',
        input: ({ context }) => ({ id: context.snapshot?.current?.id ?? null }),
      },
      on: {
        RELOAD: 'loading',
        ORDER: [
          {
            guard: 'orderValid',
            target: 'confirmingOrder',
            actions: [{ type: 'takeOrder', params: ({ event }) => draftOf(event) }, 'newOrderIdem'],
          },
          { actions: { type: 'refuseOrder', params: ({ event }) => event } },
        ],
      },
    },
    ...confirmStates({
      confirming: 'confirmingOrder',
      submitting: 'ordering',
      call: 'order',
      input: ({ context }: { context: DaytradeContext }) => ({
        ...(context.order ?? { code: '', side: 'buy' as const, num: '', price: '' }),
        id: context.snapshot?.current?.id ?? '',
        idem: context.orderIdem ?? '',
      }),
      back: 'trading',
      done: { target: 'loading', actions: 'clearDrafts' },
    }),
    traded: { on: { NEW: { target: 'none', actions: 'clearDrafts' } } },
    failed: { on: { NEW: { target: 'none', actions: 'clearDrafts' } } },
  },
})

export type DaytradeMachine = typeof daytradeMachine
