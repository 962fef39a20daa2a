/**
 * Calendar dates as 'YYYY-MM-DD' strings, computed on UTC midnights so the host's own time zone
 * never shifts a day.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

/**
 * Epoch ms of 00:00 UTC of a 'YYYY-MM-DD' date; throws RangeError on anything else (including
 * 2026-02-30), since dates reach here from code, not from users.
 *
 * @example isoDateToUtc('2026-01-05') // 1767571200000
 */
export function isoDateToUtc(date: string): number {
  const m = ISO_DATE.exec(date)
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`)
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const at = Date.UTC(y, mo - 1, d)
  if (new Date(at).getUTCDate() !== d || mo < 1 || mo > 12) {
    throw new RangeError(`no such date: ${date}`)
  }
  return at
}

/** Whether a string is a real 'YYYY-MM-DD' date, for callers validating input. */
export function isIsoDate(date: string): boolean {
  try {
    isoDateToUtc(date)
    return true
  } catch {
    return false
  }
}

/** @example utcToIsoDate(1767571200000) // '2026-01-05' */
export function utcToIsoDate(at: number): string {
  return new Date(at).toISOString().slice(0, 10)
}

/** @example addDays('2026-02-28', 1) // '2026-03-01' */
export function addDays(date: string, days: number): string {
  return utcToIsoDate(isoDateToUtc(date) + days * DAY_MS)
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(isoDateToUtc(date)).getUTCDay()
}

export function isWeekend(date: string): boolean {
  const day = dayOfWeek(date)
  return day === 0 || day === 6
}
