import type { SentenceOrder } from '../../ui/orders/order-sentence'

/** The sell ticket's kinds: market, limit, stop (逆指値), trailing stop, or an OCO of the two. */
export const SELL_KINDS = ['market', 'limit', 'stop', 'trailing', 'oco'] as const
export type SellKind = (typeof SELL_KINDS)[number]

/** What the sell ticket holds beside the quantity: decimal strings as typed. */
export interface SellTicket {
  kind: SellKind
  /** The limit (limit) or the take-profit (oco). */
  limit: string
  /** The stop's trigger (stop, and the oco's stop-loss). */
  trigger: string
  trail: string
  /** `day`, or the last date a resting sell stays in the book. */
  validity: string
}

const PRICE = /^\d{1,14}(\.\d{1,4})?$/

/** The fields each kind needs, all decimals; which it lacks, by name, for the form to mark. */
export function missingFields(t: SellTicket): Array<'limit' | 'trigger' | 'trail'> {
  const needs = {
    market: [],
    limit: ['limit'],
    stop: ['trigger'],
    trailing: ['trail'],
    oco: ['limit', 'trigger'],
  } as const
  return needs[t.kind].filter((field) => !PRICE.test(t[field].trim()))
}

/**
 * The `/trade/sell` fields of a ticket (API.md "Orders"): only those its kind takes. An OCO is a
 * limit at `price` and a stop at `trigger`, grouped.
 */
export function sellWire(t: SellTicket): Record<string, string | undefined> {
  const text = (v: string) => v.trim()
  // Every kind but the market's may rest, so it has a validity; the gateway's default is the day.
  const validity = t.validity === 'day' ? {} : { validity: t.validity }
  switch (t.kind) {
    case 'market':
      return {}
    case 'limit':
      return { price: text(t.limit), ...validity }
    case 'stop':
      return { kind: 'stop', trigger: text(t.trigger), ...validity }
    case 'trailing':
      return { kind: 'trailing', trail: text(t.trail), ...validity }
    case 'oco':
      return { group: 'oco', price: text(t.limit), trigger: text(t.trigger), ...validity }
  }
}

/** The ticket as the sell it reads back as; a credit holding's (`leverage` above 1) repays it. */
export function sellSentence(
  t: SellTicket,
  code: string,
  num: number,
  leverage = 1,
): SentenceOrder {
  const wire = sellWire(t)
  return {
    code,
    side: 'sell',
    leverage,
    kind: t.kind === 'oco' ? 'limit' : t.kind,
    num,
    price: wire.price ?? null,
    trigger: wire.trigger ?? null,
    trail: wire.trail ?? null,
    validity: wire.validity ?? 'day',
    group: t.kind === 'oco' ? 'oco' : null,
  }
}
