import type { Product, ProductAccrual, ProductOrder } from '@kabu/shared/api/follow'
import { parseUnits } from '@kabu/shared/money/decimal'
import { assign, fromPromise, setup } from 'xstate'
import { errorKey, notProvided, outputOf, recordFailure } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'

/** What the screen loads: the product, the order (once there is one) and the wallet's cash. */
export interface FollowSnapshot {
  product: Product
  order: (ProductOrder & { accruals?: ProductAccrual[] }) | null
  /** The wallet's available cash in the product's currency. */
  available: string
}

export interface FollowContext {
  productId: string | null
  /** The follow order this machine is about, once bought (or when opened on one). */
  orderId: string | null
  snapshot: FollowSnapshot | null
  money: string | null
  fundPassword: string | null
  idem: string | null
  error: string | null
}

export type FollowEvent =
  | { type: 'BUY'; money: string; fundPassword: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'END' }
  /** Read the record again (pull to refresh; the lock-up's end; a day's accrual time). */
  | { type: 'REFRESH' }

/**
 * Why a draft cannot be sent, or null: a plain amount, at least the minimum, within the capacity
 * left and the wallet's cash, and a fund password. The gateway checks the same and more.
 *
 * @example draftError('5000', '135790', { min: '10000', remaining: '1000000' }, '900000') // 'below_minimum_buy'
 */
export function draftError(
  money: string,
  fundPassword: string,
  product: Pick<Product, 'min' | 'remaining'>,
  available: string,
): string | null {
  if (money.trim() === '') return 'amount_required'
  const amount = parseUnits(money.trim())
  if (amount === null || amount <= 0n) return 'amount_invalid'
  if (amount < (parseUnits(product.min) ?? 0n)) return 'below_minimum_buy'
  if (amount > (parseUnits(product.remaining) ?? 0n)) return 'product_capacity_exceeded'
  if (amount > (parseUnits(available) ?? 0n)) return 'insufficient_balance'
  if (fundPassword.trim() === '') return 'fund_password_not_set'
  return null
}

const orderIn =
  (state: ProductOrder['state']) =>
  ({ context }: { context: FollowContext }) =>
    context.snapshot?.order?.state === state

/** The buy call's input: the product, the confirmed draft and its key. */
const purchase = ({ context }: { context: FollowContext }) => ({
  id: context.snapshot?.product.id ?? '',
  money: context.money ?? '',
  fundPassword: context.fundPassword ?? '',
  idem: context.idem ?? '',
})

const reload = { REFRESH: { target: '#follow.loading', actions: 'clearError' } } as const

/**
 * A follow order in spec §4's states — locked (bought, inside its lock-up), following (endable),
 * ended (principal and profit returned) — and, before it exists, the buy: a product open for buys
 * (`buying`: editing → confirming → submitting) or not (`unavailable`: upcoming or closed). Every
 * state is read from the record (`load`); a buy or an end confirmed and sent reloads it.
 */
export const followMachine = setup({
  types: {
    context: {} as FollowContext,
    events: {} as FollowEvent,
    input: {} as { productId?: string | null; orderId?: string | null },
  },
  actors: {
    load: fromPromise<FollowSnapshot, { productId: string | null; orderId: string | null }>(
      notProvided('load'),
    ),
    buy: fromPromise<
      { id: string },
      { id: string; money: string; fundPassword: string; idem: string }
    >(notProvided('buy')),
    end: fromPromise<{ id: string }, { id: string; idem: string }>(notProvided('end')),
  },
  actions: {
    keepLoaded: assign((_, snapshot: FollowSnapshot) => ({ snapshot })),
    takeDraft: assign((_, draft: { money: string; fundPassword: string }) => ({
      money: draft.money.trim(),
      fundPassword: draft.fundPassword,
    })),
    keepOrder: assign((_, bought: { id: string }) => ({ orderId: bought.id, fundPassword: null })),
    newIdem: assign({ idem: () => `fp-${Date.now()}-${Math.random().toString(36).slice(2)}` }),
    clearError: assign({ error: null }),
    recordError: assign((_, params: { error: unknown }) => ({ error: errorKey(params.error) })),
    refuseDraft: assign(({ context, event }) => ({
      error:
        event.type === 'BUY' && context.snapshot
          ? draftError(
              event.money,
              event.fundPassword,
              context.snapshot.product,
              context.snapshot.available,
            )
          : null,
    })),
  },
  guards: {
    locked: orderIn('locked'),
    following: orderIn('following'),
    ended: orderIn('ended'),
    open: ({ context }) => context.snapshot?.product.phase === 'open',
    draftFits: ({ context, event }) =>
      event.type === 'BUY' &&
      context.snapshot !== null &&
      draftError(
        event.money,
        event.fundPassword,
        context.snapshot.product,
        context.snapshot.available,
      ) === null,
  },
}).createMachine({
  id: 'follow',
  context: ({ input }) => ({
    productId: input?.productId ?? null,
    orderId: input?.orderId ?? null,
    snapshot: null,
    money: null,
    fundPassword: null,
    idem: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ productId: context.productId, orderId: context.orderId }),
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
        { guard: 'locked', target: 'locked' },
        { guard: 'following', target: 'following' },
        { guard: 'ended', target: 'ended' },
        { guard: 'open', target: 'buying' },
        { target: 'unavailable' },
      ],
    },
    unavailable: { on: reload },
    buying: {
      initial: 'editing',
      on: reload,
      states: {
        editing: {
          on: {
            BUY: [
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
          call: 'buy',
          input: purchase,
          back: { target: 'editing', actions: 'clearError' },
          done: { target: '#follow.loading', actions: { type: 'keepOrder', params: outputOf } },
          // The form holds the fund password a refusal most often asks to type again.
          refused: 'editing',
        }),
      },
    },
    locked: { tags: ['order'], on: reload },
    following: {
      tags: ['order'],
      initial: 'idle',
      on: reload,
      states: {
        idle: { on: { END: { target: 'confirmingEnd', actions: ['clearError', 'newIdem'] } } },
        ...confirmStates({
          confirming: 'confirmingEnd',
          submitting: 'ending',
          call: 'end',
          input: ({ context }: { context: FollowContext }) => ({
            id: context.orderId ?? '',
            idem: context.idem ?? '',
          }),
          back: { target: 'idle', actions: 'clearError' },
          done: '#follow.loading',
          refused: 'idle',
        }),
      },
    },
    ended: { tags: ['order'], on: reload },
  },
})

/** Spec §4's name of where the machine is, for the screen's labels and tests. */
export type FollowStateName = 'buying' | 'unavailable' | 'locked' | 'following' | 'ended'
