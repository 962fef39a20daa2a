import { isoDateToUtc } from './iso-date'
import type { Market } from './types'

/** Each exchange keeps its own wall clock; sessions and trading dates are read in it. */
export const TIME_ZONE: Record<Market, string> = {
  jp: 'Asia/Tokyo',
  us: 'America/New_York',
  cn: 'Asia/Shanghai',
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone)
  if (!f) {
    // en-CA with h23 gives numeric parts we can read back without locale surprises.
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(zone, f)
  }
  return f
}

interface WallClock {
  date: string
  /** Milliseconds since local midnight. */
  msOfDay: number
}

function readWallClock(zone: string, at: number): WallClock {
  const parts: Record<string, string> = {}
  for (const p of formatterFor(zone).formatToParts(at)) parts[p.type] = p.value
  const { year, month, day, hour, minute, second } = parts
  const ms = ((Number(hour) * 60 + Number(minute)) * 60 + Number(second)) * 1000
  return { date: `${year}-${month}-${day}`, msOfDay: ms + (((at % 1000) + 1000) % 1000) }
}

/** Each zone's wall clock at the start of the minutes recently asked about. */
const keptMinutes = new Map<string, Map<number, WallClock>>()
/** Enough for the instants a pass over orders or accruals moves between; forgotten all at once. */
const KEPT_MINUTES = 4_096

/**
 * The zone's wall clock at an instant. Reading it through Intl is slow, and every order, quote and
 * accrual asks, so each zone keeps the minutes it read lately: zones change their offset only on a
 * whole minute, so within one the clock moves exactly as UTC does.
 */
function wallClock(zone: string, at: number): WallClock {
  const minute = Math.floor(at / 60_000)
  let minutes = keptMinutes.get(zone)
  if (!minutes) keptMinutes.set(zone, (minutes = new Map()))
  let clock = minutes.get(minute)
  if (!clock) {
    if (minutes.size >= KEPT_MINUTES) minutes.clear()
    clock = readWallClock(zone, minute * 60_000)
    minutes.set(minute, clock)
  }
  return { date: clock.date, msOfDay: clock.msOfDay + (at - minute * 60_000) }
}

/** Offset of the zone from UTC at an instant, in ms (Tokyo: +9 h, New York: −5 h or −4 h). */
function zoneOffset(zone: string, at: number): number {
  const { date, msOfDay } = wallClock(zone, at)
  return isoDateToUtc(date) + msOfDay - at
}

/**
 * The exchange's local date at an instant.
 *
 * @example localDate('jp', Date.UTC(2025, 11, 31, 15)) // '2026-01-01' (00:00 in Tokyo)
 */
export function localDate(market: Market, at: number): string {
  return wallClock(TIME_ZONE[market], at).date
}

/**
 * Milliseconds since the exchange's local midnight at an instant.
 *
 * @example localTimeOfDay('jp', Date.UTC(2026, 0, 6, 0, 30)) // 34_200_000 (09:30 in Tokyo)
 */
export function localTimeOfDay(market: Market, at: number): number {
  return wallClock(TIME_ZONE[market], at).msOfDay
}

/**
 * Epoch ms of a wall-clock time on a local date in the exchange's zone. Sessions never start in a
 * DST gap (New York switches at 02:00), so the second pass only corrects for the offset changing
 * between the first guess and the answer.
 *
 * @example epochAtLocal('us', '2026-03-09', 9 * 60 + 30) // 13:30 UTC (EDT)
 */
export function epochAtLocal(market: Market, date: string, minuteOfDay: number): number {
  const zone = TIME_ZONE[market]
  const asUtc = isoDateToUtc(date) + minuteOfDay * 60_000
  const first = asUtc - zoneOffset(zone, asUtc)
  return asUtc - zoneOffset(zone, first)
}
