import { z } from 'zod'
import type { LocalName, Market } from '../market/types'
import { parseUnits, UNITS } from '../money/decimal'
import { idemSchema } from './funds'
import { pageSchema } from './paging'

/**
 * Price alerts (API.md "Alerts and notifications", issue 37): `/user/alerts`, `/user/alertAdd`,
 * `/user/alertDel`, `/user/alertPause` and the `/user` event `alert:triggered`. An alert watches one
 * code for one condition: the last price at or above / at or below a price, the change from the
 * previous close at or above a percentage up or down, or the day's volume at or above a count.
 * A one-shot alert fires once and is `triggered`; a repeating one stays `active` and fires again
 * only after its condition has been false once (`armed` false meanwhile).
 */

export const ALERT_KINDS = [
  'price_above',
  'price_below',
  'change_pct_up',
  'change_pct_down',
  'volume_above',
] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export const ALERT_STATUSES = ['active', 'triggered', 'paused'] as const
export type AlertStatus = (typeof ALERT_STATUSES)[number]

/**
 * Alerts per page of `/user/alerts`. The default ALERTS_MAX fits one page, but the setting may be
 * raised: the list is read page by page while `total` says there are more.
 */
export const ALERTS_PAGE_SIZE = 50

/** The largest price, percentage and volume an alert may watch for. */
const MAX_PRICE = 1_000_000_000n * UNITS
const MAX_PCT = 1_000n * UNITS
const MAX_VOLUME = 100_000_000_000n

/**
 * A condition's value as the store keeps it: a price or a percentage in 1/10,000 units, a volume
 * in shares. Null when the text is not a positive plain decimal within the kind's range (a volume
 * is whole shares). Both ends use it: the form before it sends, the gateway before it writes.
 *
 * @example alertValueUnits('price_above', '2600') // 26000000n
 * @example alertValueUnits('volume_above', '1.5') // null
 */
export function alertValueUnits(kind: AlertKind, text: string): bigint | null {
  const units = parseUnits(text.trim())
  if (units === null || units <= 0n) return null
  if (kind === 'volume_above') {
    if (units % UNITS !== 0n) return null
    const shares = units / UNITS
    return shares <= MAX_VOLUME ? shares : null
  }
  const max = kind === 'change_pct_up' || kind === 'change_pct_down' ? MAX_PCT : MAX_PRICE
  return units <= max ? units : null
}

const idField = z
  .string({ error: 'invalid_input' })
  .trim()
  .regex(/^[1-9][0-9]{0,18}$/, 'invalid_input')

const flag = z.enum(['0', '1'], { error: 'invalid_input' }).transform((v) => v === '1')

export const alertsRequest = z.object({ page: pageSchema })

/** `/user/alertAdd`: the value is checked against the kind by the gateway (`alert_value_invalid`). */
export const alertAddRequest = z.object({
  code: z
    .string({ error: 'not_listed' })
    .trim()
    .regex(/^[0-9A-Za-z.]{1,16}$/, 'not_listed'),
  kind: z.enum(ALERT_KINDS, { error: 'invalid_input' }),
  value: z.string({ error: 'alert_value_invalid' }).trim().max(24, 'alert_value_invalid'),
  repeat: flag.default(false),
  /** Optional: a retried add with the same key adds one alert. */
  idem: idemSchema.optional(),
})
export type AlertAddRequest = z.input<typeof alertAddRequest>

export const alertDelRequest = z.object({ id: idField })
export const alertPauseRequest = z.object({ id: idField, paused: flag })

/** One alert of `/user/alerts`, newest first. Prices and percentages are decimal strings. */
export interface AlertItem {
  id: string
  code: string
  market: Market
  name: LocalName
  kind: AlertKind
  value: string
  repeat: boolean
  status: AlertStatus
  /** A repeating alert that fired waits for its condition to be false once: false meanwhile. */
  armed: boolean
  /** How many times it fired. */
  fired: number
  /** The last firing: the price then and when (epoch ms); null before the first. */
  fired_price: string | null
  fired_at: number | null
  created: number
}

export interface AlertsPage {
  list: AlertItem[]
  /** Alerts the user holds (every page), so the list knows whether to read another page. */
  total: number
}

export interface AlertAdded {
  id: string
}

/** The `/user` event `alert:triggered` (API.md): the alert, its condition, the price, when. */
export interface AlertTriggeredEvent {
  type: 'alert:triggered'
  id: string
  code: string
  kind: AlertKind
  value: string
  price: string
  at: number
}
