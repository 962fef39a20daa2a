import type { IpoApplication, IpoOffer, IpoPhase, IpoStatus } from '@kabu/shared/api/ipo'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import { TYPE_OF_MARKET, type Market } from '@kabu/shared/market/types'
import type { ApplicationRow, OfferRow, userApplications } from './ipo.sql'

/** An offer's phase at `now` (spec §4: pending subscription, subscribing, ended). */
export function phaseAt(offer: Pick<OfferRow, 'subscribe_start' | 'subscribe_end'>, now: number) {
  if (now < Number(offer.subscribe_start)) return 'pre' satisfies IpoPhase
  return now < Number(offer.subscribe_end) ? 'subscribing' : 'ended'
}

/** Lots won ÷ lots asked, six digits; null before the draw. */
function winRate(offer: OfferRow): string | null {
  if (offer.drawn_at === null || offer.lots_asked === null || offer.lots_won === null) return null
  if (offer.lots_asked === 0n) return '0'
  const millionths = (offer.lots_won * 1_000_000n) / offer.lots_asked
  return (Number(millionths) / 1_000_000).toString()
}

export function offerWire(offer: OfferRow, now: number, marketPrice: string | null): IpoOffer {
  const phase = phaseAt(offer, now)
  return {
    id: String(offer.id),
    code: offer.code,
    name: { ja: offer.name_ja, zh: offer.name_zh, en: offer.name_en },
    type: TYPE_OF_MARKET[offer.market as Market],
    currency: offer.currency as Currency,
    phase,
    price: formatUnits(offer.price),
    market_price: marketPrice,
    lot: Number(offer.lot),
    upper_limit: Number(offer.user_limit_lots * offer.lot),
    lots_offered: Number(offer.lots_offered),
    pe: offer.pe,
    underwriter: offer.underwriter,
    summary: { ja: offer.summary_ja, zh: offer.summary_zh, en: offer.summary_en },
    subscribe_start: Number(offer.subscribe_start),
    deadline: Number(offer.subscribe_end),
    lottery_date: Number(offer.lottery_at),
    allocation_date: Number(offer.pay_deadline),
    listing_date: Number(offer.listing_at),
    win_rate: winRate(offer),
    // Published when subscription opens, as the draw's rules say.
    commitment: phase === 'pre' ? null : offer.commitment,
    drawn: offer.drawn_at !== null,
    withdrawn_at: offer.withdrawn_at === null ? null : Number(offer.withdrawn_at),
    withdrawn_reason: offer.withdrawn_reason,
    simulated: offer.simulated === 1n,
  }
}

type UserRow = Awaited<ReturnType<typeof userApplications>>[number]

export function applicationWire(row: UserRow): IpoApplication {
  return {
    id: String(row.id),
    offer_id: String(row.offer_id),
    code: row.code,
    name: { ja: row.name_ja, zh: row.name_zh, en: row.name_en },
    status: Number(row.status) as IpoStatus,
    rjmoney: formatUnits(row.amount),
    num: Number(row.lots * row.lot),
    won_num: Number(row.won_lots * row.lot),
    ref: row.ref,
    order_no: row.order_no,
    price: formatUnits(row.price),
    pay_amount: formatUnits(row.won_lots * row.lot * row.price),
    currency: row.currency as Currency,
    allocation_date: Number(row.pay_deadline),
    listing_date: Number(row.listing_at),
    created: Number(row.created_at),
    holding_id: row.holding_id === null ? null : String(row.holding_id),
    reason: row.status === 5n ? row.withdrawn_reason : null,
  }
}

/** What the won lots of an application cost. */
export const costOf = (app: ApplicationRow, offer: Pick<OfferRow, 'lot' | 'price'>) =>
  app.won_lots * offer.lot * offer.price
