import { TickMarkType, type Time } from 'lightweight-charts'
import type { Market } from '@kabu/shared/market/types'
import { TIME_ZONE } from '@kabu/shared/market/time-zone'

/**
 * lightweight-charts reads every time as UTC. Intraday bars are real instants, so they are shown
 * in the exchange's own clock (a Tokyo chart reads 9:00–15:30 wherever the phone is); daily bars
 * are stamped 00:00 UTC of their local date, so they are shown in UTC to keep that date.
 */
export function chartTimeFormat(market: Market, axis: 'exchange-time' | 'date', locale: string) {
  const timeZone = axis === 'date' ? 'UTC' : TIME_ZONE[market]
  const fmt = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...options })
  const clock = fmt({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  const dayMonth = fmt({ month: 'numeric', day: 'numeric' })
  const month = fmt({ year: 'numeric', month: 'short' })
  const year = fmt({ year: 'numeric' })
  const full = fmt(
    axis === 'date'
      ? { year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' }
      : { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  )
  const ms = (time: Time) => (typeof time === 'number' ? time * 1000 : 0)
  return {
    /** The crosshair's label. */
    timeFormatter: (time: Time) => full.format(ms(time)),
    tickMarkFormatter: (time: Time, type: TickMarkType) => {
      const at = ms(time)
      switch (type) {
        case TickMarkType.Year:
          return year.format(at)
        case TickMarkType.Month:
          return month.format(at)
        case TickMarkType.DayOfMonth:
          return dayMonth.format(at)
        default:
          return clock.format(at)
      }
    },
  }
}
