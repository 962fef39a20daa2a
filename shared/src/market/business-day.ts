import { isTradingDay } from './calendar'
import { localDate, localTimeOfDay } from './time-zone'

/**
 * Japanese bank business days and the daily windows of deposits and withdrawals (spec §9). Money
 * moves through a Japanese bank whatever the market, so every window is read on Tokyo's wall clock.
 */

/** A daily window `HH:MM-HH:MM` on the Tokyo clock; the end minute is included (23:59 → 23:59:59). */
export interface DailyWindow {
  /** Minutes after midnight. */
  start: number
  end: number
}

const WINDOW = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/

/**
 * Parses a window setting; null when it is not `HH:MM-HH:MM` with start ≤ end.
 *
 * @example parseDailyWindow('09:00-15:30') // { start: 540, end: 930 }
 */
export function parseDailyWindow(text: string): DailyWindow | null {
  const m = WINDOW.exec(text.trim())
  if (!m) return null
  const start = Number(m[1]) * 60 + Number(m[2])
  const end = Number(m[3]) * 60 + Number(m[4])
  return start <= end ? { start, end } : null
}

/** The window as the settings write it, for the screens that show the rule. */
export function formatDailyWindow(window: DailyWindow): string {
  const hm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return `${hm(window.start)}-${hm(window.end)}`
}

/**
 * Banks in Japan close on Saturdays, Sundays, national holidays (substitutes included) and Dec 31 –
 * Jan 3 (銀行法施行令 5条): the same days the TSE calendar closes, so it is read from there.
 *
 * @example isBankBusinessDay('2026-01-02') // false
 */
export function isBankBusinessDay(date: string): boolean {
  return isTradingDay('jp', date)
}

/**
 * Whether an instant falls inside the window on a Japanese bank business day.
 *
 * @example isWindowOpen(Date.UTC(2026, 0, 6, 1), { start: 540, end: 930 }) // true (Tue 10:00 JST)
 */
export function isWindowOpen(at: number, window: DailyWindow): boolean {
  if (!isBankBusinessDay(localDate('jp', at))) return false
  const minute = Math.floor(localTimeOfDay('jp', at) / 60_000)
  return minute >= window.start && minute <= window.end
}
