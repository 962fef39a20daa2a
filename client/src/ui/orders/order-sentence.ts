import type { OrderEffect, OrderKind, OrderSide } from '@kabu/shared/api/orders'
import type { IntlShape } from 'react-intl'
import { formatMoney } from '../money'
import { orderTrade } from './order-trade'

/** What an order says in words: enough of a /trade/orders row, or of a ticket before it is sent. */
export interface SentenceOrder {
  code: string
  side: OrderSide
  /** A listed order's (a short sale opens, its cover closes); a ticket's buy opens, its sell closes. */
  effect?: OrderEffect
  /** Above 1: credit; a ticket's buy at cash leaves it out. */
  leverage?: number
  kind: OrderKind
  num: number
  /** Decimal strings of the wire; null where the kind has none. */
  price: string | null
  trigger: string | null
  trail: string | null
  /** `day` or a date (YYYY-MM-DD). */
  validity: string
  /** An OCO's stop, or an IFD/IFDOCO entry's exits. */
  group?: 'oco' | 'ifd' | 'ifdoco' | null
  exitPrice?: string | null
  exitTrigger?: string | null
}

/** A validity date (a local trading day, no time) as the user's locale writes a short date. */
export const validityDate = (intl: IntlShape, date: string, weekday = false): string =>
  intl.formatDate(Date.parse(`${date}T00:00:00Z`), {
    month: 'numeric',
    day: 'numeric',
    ...(weekday ? { weekday: 'short' } : {}),
    timeZone: 'UTC',
  })

/**
 * The order read back in one sentence before it is sent and wherever it is listed, in the manner
 * of a broker's confirmation ("7203 を 2,900 円以上になったら成行で 100 株買う、12/18 まで").
 * An OCO says both legs; an IFD or IFDOCO entry says the exits it places once it fills. The verb
 * says what is traded: a cash buy 買う, a short 信用で新規売りする, its cover 返済買いする (order-trade.ts).
 */
export function orderSentence(intl: IntlShape, o: SentenceOrder, currency: string): string {
  const money = (v: string | null | undefined) => formatMoney(v ?? null, currency, intl.locale)
  const values = {
    code: o.code,
    side: o.side,
    verb: intl.formatMessage({ id: `stock.orders.verb.${orderTrade(o)}` }),
    num: intl.formatNumber(o.num),
    price: money(o.price),
    trigger: money(o.trigger),
    trail: money(o.trail),
  }
  // A ticket's OCO says both legs; each listed leg (one price each) reads as its own kind.
  const bothLegs = o.group === 'oco' && o.price !== null && o.trigger !== null
  const kind = bothLegs ? 'oco' : o.kind
  const order = intl.formatMessage({ id: `stock.orders.sentence.${kind}` }, values)
  const term =
    o.validity === 'day'
      ? intl.formatMessage({ id: 'stock.orders.sentence.day' }, { order })
      : intl.formatMessage(
          { id: 'stock.orders.sentence.until' },
          { order, date: validityDate(intl, o.validity) },
        )
  if (o.group !== 'ifd' && o.group !== 'ifdoco') return term
  const exits = { price: money(o.exitPrice), trigger: money(o.exitTrigger) }
  return intl.formatMessage({ id: `stock.orders.sentence.then.${o.group}` }, { term, ...exits })
}
