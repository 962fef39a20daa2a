/** Calendar-date arithmetic on 'YYYY-MM-DD' strings and local midnights in an IANA time zone. */

const DAY_MS = 86_400_000

/** Epoch ms of 00:00 UTC of a 'YYYY-MM-DD' date (the `time` of daily bars). */
export function dateToUtcMs(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${date}`)
  return ms
}

export function utcMsToDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

export function addDays(date: string, days: number): string {
  return utcMsToDate(dateToUtcMs(date) + days * DAY_MS)
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(zone, format)
  }
  return format
}

/** Local wall time minus UTC at `at`, in ms (e.g. +9 h in Tokyo). */
function zoneOffset(zone: string, at: number): number {
  const parts: Record<string, number> = {}
  for (const part of formatter(zone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  )
  return wall - (at - (at % 1000))
}

/** Epoch ms of local midnight starting `date` in `zone`. */
export function zonedMidnight(zone: string, date: string): number {
  const wall = dateToUtcMs(date)
  const guess = wall - zoneOffset(zone, wall)
  // A second pass settles days when the offset at the guess differs (daylight-saving edges).
  return wall - zoneOffset(zone, guess)
}
