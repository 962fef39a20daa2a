import { QUIET_PATTERN } from '@kabu/shared/api/notifications'

/** Tokyo is UTC+9 all year (Japan keeps no daylight saving time). */
const TOKYO_OFFSET_MINUTES = 9 * 60
const DAY_MINUTES = 24 * 60

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/**
 * Whether `now` falls in the quiet hours `HH:MM-HH:MM` (Tokyo time, the end excluded); a window
 * whose end comes before its start passes midnight (22:00-07:00). '' is no quiet hours.
 */
export function inQuietHours(quiet: string, now: number): boolean {
  if (!QUIET_PATTERN.test(quiet)) return false
  const minute =
    (((Math.floor(now / 60_000) + TOKYO_OFFSET_MINUTES) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES
  const start = minutesOf(quiet.slice(0, 5))
  const end = minutesOf(quiet.slice(6))
  return start < end ? minute >= start && minute < end : minute >= start || minute < end
}
