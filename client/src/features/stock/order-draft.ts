import type { Market } from '@kabu/shared/market/types'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { creditSplit } from '@kabu/shared/market/credit'
import { tradeFees } from '@kabu/shared/market/fees'
import { isOnTick, roundToTick, tickSize, type TickRules } from '@kabu/shared/market/ticks'
import { priceToUnits } from '@kabu/shared/money/units'

/** What the buyer fills in. `lots` counts trading units; the wire's `num` is lots × lot. */
export interface OrderDraft {
  kind: 'market' | 'limit'
  lots: number
  /** The limit price on the tick grid; ignored for a market order. */
  limitPrice: number
  fundPassword: string
  /** Stock credit: 1 (cash, the default) or a leverage of `leverage_choices`. */
  leverage?: number
}

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
  const price = draft.kind === 'limit' ? draft.limitPrice : marketPrice
  if (!(price > 0)) return { ok: false, msg: 'price_unavailable' }
  if (draft.kind === 'limit') {
    if (!isOnTick(rules.tick, price)) return { ok: false, msg: 'invalid_input' }
    const above = rules.limitUp !== null && price > rules.limitUp
    const below = rules.limitDown !== null && price < rules.limitDown
    if (above || below) return { ok: false, msg: 'over_price_limit' }
  }
  const leverage = draft.leverage ?? 1
  // The loan is drawn as the shares are bought: a credit buy must fill at once (the gateway's rule).
  if (leverage > 1 && draft.kind === 'limit' && price < marketPrice) {
    return { ok: false, msg: 'credit_market_only' }
  }
  const shares = draft.lots * rules.lot
  const priceUnits = BigInt(Math.round(priceToUnits(price)))
  const amount = priceUnits * BigInt(shares)
  const fee = buyFee(rules.tick.market, amount, rules.buyFeeRate)
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
 * {@link priceDraft}, then whether the wallet covers the total: what the order machine's
 * `validate` step answers before the confirmation is shown.
 *
 * @example checkDraft({ kind: 'limit', lots: 1, limitPrice: 2500, fundPassword: '' }, rules, 2501)
 */
export function checkDraft(draft: OrderDraft, rules: OrderRules, marketPrice: number): DraftCheck {
  const priced = priceDraft(draft, rules, marketPrice)
  if (!priced.ok) return priced
  const available = parseUnits(rules.available, { signed: true })
  const total = parseUnits(priced.estimate.total)
  if (available === null || total === null || total > available)
    return { ok: false, msg: 'insufficient_balance' }
  return priced
}
