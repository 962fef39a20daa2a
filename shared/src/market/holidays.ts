// Gateway and client programs include only their own src: this reference brings the vendor types.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./vendor.d.ts" />
import JapaneseHolidays from 'japanese-holidays'
import { getHolidays as nyseHolidaysOf } from 'nyse-holidays'
import chineseDays from 'chinese-days/dist/chinese-days.json' with { type: 'json' }
import { dayOfWeek } from './iso-date'
import type { Market } from './types'

/**
 * Exchange holidays per market, from the calendar libraries, plus what they leave out. Each lookup
 * builds a year's set once; the simulator asks for hundreds of days at start.
 */

const byYear = new Map<string, ReadonlySet<string>>()

function yearSet(key: string, build: () => Iterable<string>): ReadonlySet<string> {
  let set = byYear.get(key)
  if (!set) {
    set = new Set(build())
    byYear.set(key, set)
  }
  return set
}

const pad = (n: number) => String(n).padStart(2, '0')

/** TSE closes on national holidays (substitute and 国民の休日 included) and on Dec 31 and Jan 1–3. */
function tseHolidays(year: number): string[] {
  const national = JapaneseHolidays.getHolidaysOf(year, true).map(
    (h) => `${year}-${pad(h.month)}-${pad(h.date)}`,
  )
  return [...national, `${year}-01-01`, `${year}-01-02`, `${year}-01-03`, `${year}-12-31`]
}

/**
 * Closures NYSE announced ad hoc (national days of mourning, Hurricane Sandy): no rule yields them
 * and nyse-holidays does not list them.
 */
const NYSE_AD_HOC_CLOSURES = [
  '2007-01-02', // President Ford
  '2012-10-29', // Hurricane Sandy
  '2012-10-30',
  '2018-12-05', // President G. H. W. Bush
  '2025-01-09', // President Carter
]

function nyseHolidays(year: number): string[] {
  const prefix = `${year}-`
  return [
    ...nyseHolidaysOf(year).map((h) => h.dateString),
    ...NYSE_AD_HOC_CLOSURES.filter((d) => d.startsWith(prefix)),
  ]
}

/**
 * chinese-days' table (State Council notices, 2004 onwards) read from its JSON: its date functions
 * key the table with the host zone's getters and shift every day by one west of UTC.
 */
const CN_HOLIDAYS = new Set(Object.keys(chineseDays.holidays))
const CN_TABLE_YEARS = new Set([...CN_HOLIDAYS].map((d) => d.slice(0, 4)))

/**
 * Beyond the table's last year we still close the statutory days with fixed Gregorian dates
 * (全国年节及纪念日放假办法: New Year's Day, 1–2 May, 1–3 October); the lunar holidays and the
 * bridge days need the next release of the library, which follows each year's notice.
 */
const CN_FIXED_STATUTORY = ['01-01', '05-01', '05-02', '10-01', '10-02', '10-03']

function isChinaHoliday(date: string): boolean {
  if (CN_TABLE_YEARS.has(date.slice(0, 4))) return CN_HOLIDAYS.has(date)
  return CN_FIXED_STATUTORY.includes(date.slice(5))
}

/**
 * Whether the exchange is closed on a weekday for a holiday. Weekends are closed everywhere,
 * including China's make-up working Saturdays and Sundays (调休): the exchanges stay shut.
 *
 * @example isExchangeHoliday('jp', '2026-11-23') // true (勤労感謝の日)
 */
export function isExchangeHoliday(market: Market, date: string): boolean {
  const year = Number(date.slice(0, 4))
  switch (market) {
    case 'jp':
      return yearSet(`jp-${year}`, () => tseHolidays(year)).has(date)
    case 'us':
      return yearSet(`us-${year}`, () => nyseHolidays(year)).has(date)
    case 'cn':
      return isChinaHoliday(date)
  }
}

/**
 * NYSE closes at 13:00 on July 3 and December 24 when they are trading weekdays, and on the day
 * after Thanksgiving (MARKET-RULES §3); nyse-holidays has no early closes.
 */
export function isNyseEarlyClose(date: string): boolean {
  const monthDay = date.slice(5)
  const weekday = dayOfWeek(date)
  if (weekday === 0 || weekday === 6 || isExchangeHoliday('us', date)) return false
  if (monthDay === '07-03' || monthDay === '12-24') return true
  // Thanksgiving is the fourth Thursday of November, so the Friday after falls on the 23rd–29th.
  const day = Number(date.slice(8))
  return monthDay.startsWith('11-') && weekday === 5 && day >= 23 && day <= 29
}
