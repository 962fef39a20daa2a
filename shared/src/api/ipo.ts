import { z } from 'zod'
import type { Currency } from '../money/currencies'
import type { LocalName, MarketType } from '../market/types'
import { idemSchema } from './funds'
import { marketTypeSchema } from './user'

/**
 * New shares (IPO), API.md "trade": /trade/newstocklist, /trade/newstockinfo, /trade/subscribe,
 * /trade/usernewstocklist, /trade/newstockPay, /trade/newstockWaive; the back office's
 * `POST /api/ops/ipo`; the public `GET /api/market/ipos/:id/draw`. Form fields arrive as strings;
 * a refinement's message is the `msg` key the caller receives. Money is a decimal string, times
 * epoch ms.
 */

/** An offer's phase by the clock: before its window, inside it, after it (spec §4). */
export const IPO_PHASES = ['pre', 'subscribing', 'ended'] as const
export type IpoPhase = (typeof IPO_PHASES)[number]

/**
 * An application's status (API.md): 1 awaiting draw (amount frozen), 2 won pending payment,
 * 3 not won (amount returned), 4 paid (success), 5 failed, 6 waived (the user gave the shares
 * up); docs/api-additions.md adds 7 lapsed (left unpaid past the payment deadline: the user
 * declined nothing, so it is not called waived).
 */
export const IPO_STATUS = {
  awaiting: 1,
  pending: 2,
  lost: 3,
  paid: 4,
  failed: 5,
  waived: 6,
  lapsed: 7,
} as const
export type IpoStatus = (typeof IPO_STATUS)[keyof typeof IPO_STATUS]

const idField = z.string({ error: 'not_found' }).regex(/^[1-9]\d{0,17}$/, 'not_found')
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

export const newStockListRequest = z.object({
  type: marketTypeSchema,
  phase: z.enum(IPO_PHASES, { error: 'invalid_input' }),
})

export const newStockInfoRequest = z.object({ id: idField })

export const subscribeRequest = z.object({
  id: idField,
  /** Shares, a whole multiple of the offer's lot. */
  num: z.string({ error: 'lot_size' }).regex(/^[1-9]\d{0,8}$/, 'lot_size'),
  idem: idemSchema,
})

export const userNewStockListRequest = z.object({ type: marketTypeSchema })

/** /trade/newstockPay and /trade/newstockWaive: `id` is the application's. */
export const newStockSettleRequest = z.object({
  id: idField,
  fund_password: optional(z.string({ error: 'invalid_input' }).max(64, 'wrong_fund_password')),
  idem: idemSchema,
})

/** One offer, as /trade/newstocklist and /trade/newstockinfo give it. */
export interface IpoOffer {
  id: string
  code: string
  name: LocalName
  type: MarketType
  currency: Currency
  phase: IpoPhase
  /** Subscription (offer) price per share. */
  price: string
  /** The code's last price once it trades; null before listing. */
  market_price: string | null
  /** Shares per lot. */
  lot: number
  /** Most shares one account may apply for (the per-user limit). */
  upper_limit: number
  lots_offered: number
  pe: string | null
  underwriter: string
  summary: LocalName
  subscribe_start: number
  /** The subscription deadline. */
  deadline: number
  lottery_date: number
  /** Payment deadline of the winners (allocation date). */
  allocation_date: number
  listing_date: number
  /** Lots allocated ÷ lots asked for, after the draw (a decimal fraction); null before it. */
  win_rate: string | null
  /** Hex SHA-256 of the draw's seed, published when subscription opens; null before. */
  commitment: string | null
  drawn: boolean
  /**
   * The operator withdrew the offer before listing (上場中止): when, and the reason shown to users;
   * its applications are status 5 with their money returned. Null when it was not withdrawn.
   */
  withdrawn_at: number | null
  withdrawn_reason: string | null
  /** A simulated offer of the demo's listing pipeline, not a real company's. */
  simulated: boolean
}

/** One row of /trade/usernewstocklist. */
export interface IpoApplication {
  id: string
  offer_id: string
  code: string
  name: LocalName
  status: IpoStatus
  /** The amount applied with (frozen while status 1), a decimal string. */
  rjmoney: string
  /** Shares applied for. */
  num: number
  /** Shares won (0 until drawn). */
  won_num: number
  /** The entry's public reference in the draw. */
  ref: string
  order_no: string
  price: string
  /** What the won shares cost: won_num × price. */
  pay_amount: string
  currency: Currency
  allocation_date: number
  listing_date: number
  created: number
  /** The holding the paid shares became on listing day, once they did. */
  holding_id: string | null
  /** Why it failed (status 5): the reason the operator gave for withdrawing the offer. */
  reason: string | null
}

/** `GET /api/market/ipos/:id/draw`: everything needed to recompute a draw, no account names. */
export interface IpoDraw {
  id: string
  code: string
  lots_offered: number
  commitment: string | null
  /** Revealed at the draw; null until then. */
  seed: string | null
  algorithm: string
  entries: { ref: string; lots: number }[]
  allocations: { ref: string; lots: number }[]
}

/** Realtime event payload of `ipo:drawn` on `/user`. */
export interface IpoDrawnEvent {
  type: 'ipo:drawn'
  /** The offer. */
  id: string
  code: string
  /** The user's application, its status after the draw, and shares won. */
  application: string
  status: IpoStatus
  won_num: number
}

/**
 * Realtime event on `/user` when an operator withdrew an offer the user applied for: `id` is the
 * offer, `application` the user's, now status 5 (failed) with its money returned.
 */
export interface IpoWithdrawnEvent {
  type: 'ipo:withdrawn'
  id: string
  code: string
  application: string
  status: typeof IPO_STATUS.failed
  reason: string
}

/**
 * Realtime event on `/user` when the deadline job lapsed a won application left unpaid (the event's
 * name is API.md's; its status is 7, lapsed).
 */
export interface IpoWaivedEvent {
  type: 'ipo:waived'
  id: string
  code: string
  application: string
  status: typeof IPO_STATUS.lapsed
}

/** The `/user` events that change an IPO application: screens showing one re-read on them. */
export const IPO_EVENT_TYPES = ['ipo:drawn', 'ipo:withdrawn', 'ipo:waived'] as const

const localText = (max: number) =>
  z.object({
    ja: z.string().trim().min(1).max(max),
    zh: z.string().trim().min(1).max(max),
    en: z.string().trim().min(1).max(max),
  })
const time = z.union([
  z.number().int().positive(),
  z.iso.datetime().transform((s) => Date.parse(s)),
])
const wholeCount = (max: number) => z.number().int().min(1).max(max)

/** `POST /api/ops/ipo` (JSON). Times are epoch ms or ISO strings, in order. */
export const opsIpoBody = z
  .object({
    code: z.string().regex(/^[0-9A-Za-z.]{1,12}$/, 'invalid_input'),
    type: marketTypeSchema,
    name: localText(100),
    price: z.string().regex(/^\d{1,10}(\.\d{1,4})?$/, 'amount_invalid'),
    lot: wholeCount(10_000),
    /** Shares, a multiple of `lot`. */
    per_user_limit: wholeCount(100_000_000),
    lots_offered: wholeCount(100_000_000),
    subscribe_start: time,
    subscribe_end: time,
    lottery_at: time,
    pay_deadline: time,
    listing_at: time,
    underwriter: z.string().trim().min(1).max(100),
    pe: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,2})?$/)
      .nullable()
      .default(null),
    summary: localText(2000),
  })
  .refine((o) => o.per_user_limit % o.lot === 0, { message: 'lot_size' })
  .refine(
    (o) =>
      o.subscribe_start < o.subscribe_end &&
      o.subscribe_end <= o.lottery_at &&
      o.lottery_at <= o.pay_deadline &&
      o.pay_deadline <= o.listing_at,
    { message: 'invalid_input' },
  )
export type OpsIpo = z.output<typeof opsIpoBody>

/** `POST /api/ops/ipo/:id/cancel` (JSON): the reason is shown to every applicant. */
export const opsIpoCancelBody = z.object({ reason: z.string().trim().min(1).max(500) })

/** The id in `/api/ops/ipo/:id/draw` and `/api/market/ipos/:id/draw`. */
export const ipoTarget = z.object({ id: idField })
