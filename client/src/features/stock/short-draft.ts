import { CREDIT_RULES, creditSplit, dailyBorrowFee } from '@kabu/shared/market/credit'
import { tradeFees } from '@kabu/shared/market/fees'
import type { Market } from '@kabu/shared/market/types'
import { formatUnits } from '@kabu/shared/money/decimal'
import { priceToUnits } from '@kabu/shared/money/units'
import { creditMinMargin } from '../../ui/credit/credit-minimum'
import { withinWallet } from './order-draft'

/** What the short ticket fills in: lots (trading units) and the leverage of the margin. */
export interface ShortDraft {
  lots: number
  leverage: number
}

/** What a short sale is checked against: the listing's lot, the published rates, the wallet. */
export interface ShortRules {
  market: Market
  lot: number
  /** Available cash of the market's wallet, decimal string (getUserinfo `<type>`). */
  available: string
  /** Config `sell_fee_rate`, `cn_stamp_duty_rate`, `credit_borrow_fee_rate` (a year). */
  sellFeeRate: string
  cnStampDutyRate: string
  borrowFeeRate: string
  /** Config `leverage_choices`. */
  leverageChoices: readonly number[]
  /** Config `credit_maintenance_ratio` ('0.2') and `credit_call_days`: what a call follows. */
  maintenanceRatio: string
  callDays: number
  /** Config `credit_min_margin_jpy` on the Japanese market (creditMinMargin); null elsewhere. */
  minMargin: string | null
  /**
   * Config `short_price_rule_fall` and `short_price_rule_exempt_units`: the short-sale price
   * restriction (空売り価格規制), Japan's; null elsewhere or unpublished.
   */
  priceRule: { fall: string; exemptUnits: number } | null
}

/** The figures of a short sale before it is confirmed, money as decimal strings. */
export interface ShortEstimate {
  shares: number
  leverage: number
  /** The last price it is estimated at (it sells at the market). */
  price: string
  /** Price × shares: what the borrowed shares sell for, held by the lender as collateral. */
  proceeds: string
  /** The user's margin held in the frozen book: proceeds / leverage, rounded up. */
  margin: string
  /** The sale's fee (and China's stamp duty), charged at once. */
  fee: string
  /** The cash the sale takes now: margin + fee. */
  total: string
  /** One calendar day's borrow fee (貸株料) on the proceeds at `borrowFeeRate`. */
  borrowFeeDaily: string
  borrowFeeRate: string
}

export type ShortCheck = { ok: true; estimate: ShortEstimate } | { ok: false; msg: string }

/**
 * Config `leverage_choices` ("1,2,3") as numbers; the published rules' when it is absent or holds
 * nothing usable.
 */
export function leverageChoices(text: string | undefined): number[] {
  const parsed = (text ?? '')
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isSafeInteger(n) && n >= 1)
  return parsed.length > 0 ? parsed : [...CREDIT_RULES.leverageChoices]
}

/** The short ticket's rules from /common/config, the wallet's available cash and the lot. */
export function shortRules(
  market: Market,
  lot: number,
  available: string,
  config: Readonly<Record<string, string>>,
): ShortRules {
  return {
    market,
    lot,
    available,
    sellFeeRate: config.sell_fee_rate ?? '0',
    cnStampDutyRate: config.cn_stamp_duty_rate ?? '0',
    borrowFeeRate: config.credit_borrow_fee_rate ?? '0',
    leverageChoices: leverageChoices(config.leverage_choices),
    maintenanceRatio: config.credit_maintenance_ratio ?? CREDIT_RULES.maintenanceRatio,
    callDays: Number(config.credit_call_days ?? CREDIT_RULES.callDays),
    minMargin: creditMinMargin(market, config),
    priceRule:
      market === 'jp' && config.short_price_rule_fall
        ? {
            fall: config.short_price_rule_fall,
            exemptUnits: Number(config.short_price_rule_exempt_units ?? 0),
          }
        : null,
  }
}

/**
 * Prices a short sale of `draft` at the last price `lastPrice` the way the gateway will open it
 * (gateway broker/trading/short.ts): proceeds, the margin creditSplit holds, the sale's fee, and
 * the borrow fee a day at the published rate; or the refusal key. The gateway sells at the last
 * price of the moment it takes the order, so the figures may move a tick.
 *
 * @example priceShort({ lots: 1, leverage: 3 }, rules, 2500).estimate.margin // '83334'
 */
export function priceShort(draft: ShortDraft, rules: ShortRules, lastPrice: number): ShortCheck {
  if (!Number.isSafeInteger(draft.lots) || draft.lots <= 0 || rules.lot <= 0)
    return { ok: false, msg: 'lot_size' }
  if (!rules.leverageChoices.includes(draft.leverage)) return { ok: false, msg: 'invalid_input' }
  if (!(lastPrice > 0)) return { ok: false, msg: 'price_unavailable' }
  const shares = draft.lots * rules.lot
  const price = BigInt(Math.round(priceToUnits(lastPrice)))
  const proceeds = price * BigInt(shares)
  const { margin } = creditSplit(proceeds, draft.leverage, rules.market)
  const fee = tradeFees('sell', rules.market, proceeds, {
    buy: '0',
    sell: rules.sellFeeRate,
    cnStampDuty: rules.cnStampDutyRate,
  })
  return {
    ok: true,
    estimate: {
      shares,
      leverage: draft.leverage,
      price: formatUnits(price),
      proceeds: formatUnits(proceeds),
      margin: formatUnits(margin),
      fee: formatUnits(fee),
      total: formatUnits(margin + fee),
      borrowFeeDaily: formatUnits(dailyBorrowFee(proceeds, rules.borrowFeeRate, rules.market)),
      borrowFeeRate: rules.borrowFeeRate,
    },
  }
}

/**
 * {@link priceShort}, then whether the available cash covers the margin and the fee: what the
 * short machine's `validate` step answers before the confirmation is shown.
 */
export function checkShort(draft: ShortDraft, rules: ShortRules, lastPrice: number): ShortCheck {
  return withinWallet(priceShort(draft, rules, lastPrice), rules.available)
}
