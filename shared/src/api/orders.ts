import { z } from 'zod'
import type { LocalName, Market } from '../market/types'
import type { HoldingAccount } from './accounts'
import { idemText, idText, optionalField, priceText, sharesText, type OrderKind } from './trade'
import { marketTypeSchema } from './user'

/**
 * Orders as API.md "Orders" names them (issue 35): an order is not a holding; what it filled is.
 * Money is a decimal string in the market's currency, times are epoch milliseconds.
 */

/** Declared with the buy and sell forms that carry them. */
export { ORDER_KINDS, type OrderKind } from './trade'

export const ORDER_SIDES = ['buy', 'sell'] as const
export type OrderSide = (typeof ORDER_SIDES)[number]

/**
 * Whether an order opens a position or closes one: a buy opens a holding (cash or credit) and a
 * short sale (信用新規売) opens a short; a sell closes a holding and a buy-to-cover (信用返済買)
 * closes a short.
 */
export const ORDER_EFFECTS = ['open', 'close'] as const
export type OrderEffect = (typeof ORDER_EFFECTS)[number]

/** OCO on a holding; IFD and IFDOCO an entry whose exit is placed for what it filled. */
export const ORDER_GROUPS = ['oco', 'ifd', 'ifdoco'] as const
export type OrderGroup = (typeof ORDER_GROUPS)[number]

/**
 * Where an order can go from each status: `waiting` is a stop not fired yet or an IFD exit before
 * its entry filled; `refused` a fired trigger whose order failed the checks a new one passes. The
 * last four are final. An order cancelled or lapsed after a partial fill keeps what it filled.
 */
export const ORDER_MOVES = {
  waiting: ['open', 'cancelled', 'expired', 'refused'],
  open: ['partial', 'filled', 'cancelled', 'expired'],
  partial: ['partial', 'filled', 'cancelled', 'expired'],
  filled: [],
  cancelled: [],
  expired: [],
  refused: [],
} as const satisfies Record<string, readonly string[]>
export type OrderStatus = keyof typeof ORDER_MOVES
export const ORDER_STATUSES = Object.keys(ORDER_MOVES) as OrderStatus[]

export const canMove = (from: OrderStatus, to: OrderStatus): boolean =>
  (ORDER_MOVES[from] as readonly OrderStatus[]).includes(to)

/** Still in the book: amend and cancel apply (`/trade/orders` status `open`). */
export const isWorking = (status: OrderStatus): boolean => ORDER_MOVES[status].length > 0

/** `day`, or a date the market trades on (declared with the buy and sell forms it is part of). */
export { validitySchema } from './trade'

export const ordersRequest = z.object({
  type: marketTypeSchema,
  status: z.enum(['open', 'done']),
  page: optionalField(z.coerce.number().int().min(1).max(10_000)),
})
export const orderInfoRequest = z.object({ id: idText })
export const amendRequest = z.object({
  id: idText,
  price: optionalField(priceText),
  /** Lower only. */
  num: optionalField(sharesText),
  trigger: optionalField(priceText),
  idem: idemText,
})

/** One row of /trade/orders. */
export interface WireOrder {
  id: string
  order_no: string
  code: string
  name: LocalName
  side: OrderSide
  /** With `side` and `leverage`: a cash buy or sell, a credit buy or its sale, a short or its cover. */
  effect: OrderEffect
  kind: OrderKind
  /** The limit (limit, stop_limit); null at market. */
  price: string | null
  /** A stop's trigger; a trailing stop's, where it stands now. */
  trigger: string | null
  trail: string | null
  num: number
  filled_num: number
  /** Average fill price; null before the first fill. */
  avg_price: string | null
  status: OrderStatus
  /** A `refused` order's message key: the check its fired trigger failed. */
  refusal: string | null
  validity: string
  expires_at: number
  group: OrderGroup | null
  group_id: string | null
  parent_id: string | null
  leverage: number
  account: HoldingAccount
  /** A sell's holding; a buy's once something filled (the holding has the buy's id). */
  holding_id: string | null
  created: number
  updated: number
}

export interface WireFill {
  num: number
  price: string
  fee: string
  at: number
}

/** /trade/orderInfo. */
export type WireOrderInfo = WireOrder & { fills: WireFill[] }

/** The `/user` socket's `order:updated`. */
export interface OrderUpdated {
  id: string
  status: OrderStatus
  filled_num: number
  avg_price: string | null
  /** What the order is, so a listener (the notifier, a toast) need not read it back. */
  code: string
  market: Market
  side: OrderSide
  num: number
  /** Present (true) when a stop's trigger was reached just now and the order went to the market. */
  fired?: true
}
