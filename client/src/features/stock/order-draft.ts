import type { HoldingAccount } from '@kabu/shared/api/accounts'
import type { OrderKind } from '@kabu/shared/api/orders'
import type { Market } from '@kabu/shared/market/types'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { creditSplit } from '@kabu/shared/market/credit'
import { tradeFees } from '@kabu/shared/market/fees'
import { isOnTick, roundToTick, tickSize, type TickRules } from '@kabu/shared/market/ticks'
import { priceToUnits } from '@kabu/shared/money/units'

/** What the buyer fills in. `lots` counts trading units; the wire's `num` is lots × lot. */
export interface OrderDraft {
  kind: OrderKind
  lots: number
  /** The limit price on the tick grid (limit, stop_limit); ignored for the other kinds. */
  limitPrice: number
  fundPassword: string
  /** Stock credit: 1 (cash, the default) or a leverage of `leverage_choices`. */
  leverage?: number
  /** A stop's trigger (stop, stop_limit: 逆指値), on the tick grid. */
  triggerPrice?: number
  /** A trailing stop's distance from the best price. */
  trail?: number
  /** `day` (the default) or a date of the validity picker (YYYY-MM-DD). */
  validity?: string
  /** IFD: a take-profit sell placed once the buy fills; with `trigger`, IFDOCO (and a stop). */
  exit?: { price: number; trigger?: number } | null
  /** `nisa`: NISA's growth frame; absent or `taxable`: the taxable account. */
  account?: HoldingAccount
}

/** The kinds whose limit price the ticket asks for. */
export const hasLimit = (kind: OrderKind) => kind === 'limit' || kind === 'stop_limit'
/** The kinds that wait for a trigger: a buy of these rests `waiting` until a print reaches it. */
export const isStop = (kind: OrderKind) => kind === 'stop' || kind === 'stop_limit'

/** What the order is checked against: the listing, the day's limits, fees and the wallet. */
export interface OrderRules {
  lot: number
  tick: TickRules
  limitUp: number | null
  limitDown: number | null
  /** Decimal string, e.g. '0.001' (config `buy_fee_rate`). */
  buyFeeRate: string
  /** Available cash of the market's wallet, decimal string (getUserinfo `<type>`). */
  available: string
  fundPasswordRequired: boolean
  /** The least 委託保証金 to open credit here (creditMinMargin), whole yen; null: none applies. */
  creditMinMargin?: string | null
  /**
   * What NISA's growth frame still takes (yen of book value, `/user/accounts` growth_room); null
   * when this code cannot be bought in NISA or no NISA account is open (see `nisaClosed`).
   */
  nisaRoom?: string | null
  /** True when the code could go in NISA but the user has not opened the account. */
  nisaClosed?: boolean
}

/** The figures shown before confirming, all decimal strings (never floats). */
export interface OrderEstimate {
  shares: number
  price: string
  amount: string
  fee: string
  /** The cash the order takes: amount + fee, or on credit the margin + fee. */
  total: string
  /** A credit buy: the user's margin and what the house lends (shared/market/credit.ts). */
  credit?: { leverage: number; margin: string; debt: string }
}

export type DraftCheck = { ok: true; estimate: OrderEstimate } | { ok: false; msg: string }

/** The buy fee on a traded value in units: the shared rule the gateway charges. */
export const buyFee = (market: Market, value: bigint, rate: string): bigint =>
  tradeFees('buy', market, value, { buy: rate, sell: '0', cnStampDuty: '0' })

/** The next or previous limit price on the grid, crossing price bands with the right tick. */
export function stepPrice(tick: TickRules, price: number, direction: 1 | -1): number {
  const mode = direction === 1 ? 'up' : 'down'
  // An off-grid price (typed, or the grid changed) first moves onto the grid in that direction.
  if (!isOnTick(tick, price)) return roundToTick(tick, price, mode)
  return roundToTick(tick, price + direction * tickSize(tick, price), mode)
}

/**
 * Prices a draft the way the gateway will check it (lot, tick grid, daily limits): amount, fee and
 * total, or the refusal key. `marketPrice` is the live price a market order is estimated at; the
 * fill may differ, which is why the gateway freezes and settles the actual amount.
 */
export function priceDraft(draft: OrderDraft, rules: OrderRules, marketPrice: number): DraftCheck {
  if (!Number.isInteger(draft.lots) || draft.lots <= 0 || rules.lot <= 0)
    return { ok: false, msg: 'lot_size' }
  const problem = kindProblem(draft, rules, marketPrice)
  if (problem) return { ok: false, msg: problem }
  const price = heldPrice(draft, rules, marketPrice)
  if (!(price > 0)) return { ok: false, msg: 'price_unavailable' }
  const leverage = draft.leverage ?? 1
  const shares = draft.lots * rules.lot
  const priceUnits = BigInt(Math.round(priceToUnits(price)))
  const amount = priceUnits * BigInt(shares)
  const fee = buyFee(rules.tick.market, amount, rules.buyFeeRate)
  const nisa = nisaProblem(draft, rules, amount)
  if (nisa) return { ok: false, msg: nisa }
  const split = leverage > 1 ? creditSplit(amount, leverage, rules.tick.market) : null
  return {
    ok: true,
    estimate: {
      shares,
      price: formatUnits(priceUnits),
      amount: formatUnits(amount),
      fee: formatUnits(fee),
      total: formatUnits((split ? split.margin : amount) + fee),
      ...(split && {
        credit: { leverage, margin: formatUnits(split.margin), debt: formatUnits(split.debt) },
      }),
    },
  }
}

/**
 * What the gateway would refuse of a NISA buy (shared/tax/nisa.ts): credit, a code NISA does not
 * take, no account, a book value (price × shares, fees apart) past the growth room.
 */
function nisaProblem(draft: OrderDraft, rules: OrderRules, amount: bigint): string | null {
  if (draft.account !== 'nisa') return null
  if ((draft.leverage ?? 1) > 1) return 'nisa_not_eligible'
  if (rules.nisaClosed) return 'nisa_not_opened'
  const room = rules.nisaRoom == null ? null : parseUnits(rules.nisaRoom)
  if (room === null) return 'nisa_not_eligible'
  return amount > room ? 'nisa_limit' : null
}

/** A limit price the gateway takes: on the grid, inside the day's limits. */
function limitProblem(rules: OrderRules, price: number): string | null {
  if (!(price > 0) || !isOnTick(rules.tick, price)) return 'invalid_input'
  const above = rules.limitUp !== null && price > rules.limitUp
  const below = rules.limitDown !== null && price < rules.limitDown
  return above || below ? 'over_price_limit' : null
}

/** What the gateway would refuse in the draft's kind, validity-free fields and exits. */
function kindProblem(draft: OrderDraft, rules: OrderRules, marketPrice: number): string | null {
  const { kind } = draft
  if (hasLimit(kind)) {
    const problem = limitProblem(rules, draft.limitPrice)
    if (problem) return problem
  }
  if (isStop(kind)) {
    const trigger = draft.triggerPrice ?? Number.NaN
    if (!(trigger > 0) || !isOnTick(rules.tick, trigger)) return 'invalid_input'
  }
  if (kind === 'trailing' && !((draft.trail ?? 0) > 0)) return 'invalid_input'
  const leverage = draft.leverage ?? 1
  // The loan is drawn as the shares are bought: a credit buy must fill at once (the gateway's rule).
  const resting = kind !== 'market' && (kind !== 'limit' || draft.limitPrice < marketPrice)
  if (leverage > 1 && resting) return 'credit_market_only'
  if (draft.exit) {
    if (leverage > 1 || (kind !== 'market' && kind !== 'limit')) return 'invalid_input'
    const problem = limitProblem(rules, draft.exit.price)
    if (problem) return problem
    const stop = draft.exit.trigger
    if (
      stop !== undefined &&
      (!isOnTick(rules.tick, stop) || !(stop > 0 && stop < draft.exit.price))
    )
      return 'invalid_input'
  }
  return null
}

/**
 * The price a buy's cash is held at, as the gateway holds it: a market order at the live price, a
 * limit (or stop-limit) at its limit; a stop not yet reached, or a trailing stop, at the most it
 * could fill at once it fires (the day's upper limit where the market has one).
 */
export function heldPrice(draft: OrderDraft, rules: OrderRules, marketPrice: number): number {
  const ceiling = (from: number) => Math.max(from, rules.limitUp ?? from)
  switch (draft.kind) {
    case 'market':
      return marketPrice
    case 'limit':
    case 'stop_limit':
      return draft.limitPrice
    case 'stop': {
      const trigger = draft.triggerPrice ?? Number.NaN
      return marketPrice >= trigger ? marketPrice : ceiling(trigger)
    }
    case 'trailing':
      return ceiling(marketPrice + (draft.trail ?? 0))
  }
}

/**
 * {@link priceDraft}, then whether the wallet covers the total: what the order machine's
 * `validate` step answers before the confirmation is shown.
 *
 * @example checkDraft({ kind: 'limit', lots: 1, limitPrice: 2500, fundPassword: '' }, rules, 2501)
 */
export function checkDraft(draft: OrderDraft, rules: OrderRules, marketPrice: number): DraftCheck {
  return withinWallet(priceDraft(draft, rules, marketPrice), rules.available)
}

/**
 * A priced ticket as it is, or insufficient_balance when the wallet's `available` cash (a decimal
 * string) does not cover its total: the last check of every ticket before its confirmation.
 */
export function withinWallet<T extends { ok: true; estimate: { total: string } }>(
  priced: T | { ok: false; msg: string },
  available: string,
): T | { ok: false; msg: string } {
  if (!priced.ok) return priced
  const cash = parseUnits(available, { signed: true })
  const total = parseUnits(priced.estimate.total)
  if (cash === null || total === null || total > cash)
    return { ok: false, msg: 'insufficient_balance' }
  return priced
}

/** A price on the grid as the wire's decimal string. */
export const priceText = (price: number): string =>
  formatUnits(BigInt(Math.round(priceToUnits(price))))

/**
 * The `/trade/buy` fields of the draft's kind, validity and exits (API.md "Orders"): only those
 * the kind takes, since the gateway refuses any other.
 */
export function wireKind(d: OrderDraft): Record<string, string | undefined> {
  const exit = d.exit ?? null
  return {
    kind: d.kind,
    price: hasLimit(d.kind) ? priceText(d.limitPrice) : undefined,
    trigger: isStop(d.kind) ? priceText(d.triggerPrice ?? Number.NaN) : undefined,
    trail: d.kind === 'trailing' ? priceText(d.trail ?? Number.NaN) : undefined,
    validity: d.validity && d.validity !== 'day' ? d.validity : undefined,
    group: exit ? (exit.trigger === undefined ? 'ifd' : 'ifdoco') : undefined,
    exit_price: exit ? priceText(exit.price) : undefined,
    exit_trigger: exit?.trigger === undefined ? undefined : priceText(exit.trigger),
    account: d.account === 'nisa' ? 'nisa' : undefined,
  }
}
