import { z } from 'zod'
import type { SourceDayBar, SourceTick } from './types'

/** A replay file's rows: whole trading days, or timed prints. */
export type ReplayRows =
  { kind: 'daily'; days: SourceDayBar[] } | { kind: 'ticks'; ticks: SourceTick[] }

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME_KEYS = ['time', 'timestamp', 'date', 'observation_date']
const PRICE_KEYS = ['close', 'price', 'value']
const OTHER_KEYS = new Set(['code', 'open', 'high', 'low', 'volume', ...TIME_KEYS])

const price = z.coerce.number().finite().positive()
const rowSchema = z.object({
  code: z.string().min(1),
  time: z.union([z.string().min(1), z.number().finite()]),
  close: price,
  open: price.optional(),
  high: price.optional(),
  low: price.optional(),
  volume: z.coerce.number().int().nonnegative().optional(),
})
type Row = z.infer<typeof rowSchema>

/** Missing observations: FRED leaves the value empty (CSV) or writes '.'; both are holidays. */
const missing = (v: unknown) => v === undefined || v === null || v === '' || v === '.'

function records(text: string, format: 'csv' | 'jsonl'): Array<Record<string, unknown>> {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '')
  if (format === 'jsonl') return lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  // Plain CSV as statistical agencies publish it: a header, no quoted commas.
  const [header, ...rest] = lines
  const keys = (header ?? '').split(',').map((k) => k.trim())
  return rest.map((line) => {
    const cells = line.split(',')
    return Object.fromEntries(keys.map((k, i) => [k, cells[i]?.trim()]))
  })
}

/** The value column: close/price/value, else the one column that is nothing else (FRED's series id). */
function priceKey(keys: string[]): string | undefined {
  const lower = keys.map((k) => k.toLowerCase())
  const named = lower.findIndex((k) => PRICE_KEYS.includes(k))
  if (named >= 0) return keys[named]
  const others = keys.filter((k) => !OTHER_KEYS.has(k.toLowerCase()))
  return others.length === 1 ? others[0] : undefined
}

/**
 * Parses a CSV or JSONL replay file. Each row has a time (`time`, `timestamp`, `date` or FRED's
 * `observation_date`), a price (`close`, `price`, `value` or the file's single value column) and
 * optionally `code`, `open`, `high`, `low`, `volume`; rows without a code get `code`. Dates alone
 * make a daily series, times make ticks. Rows with a missing value (holidays) are skipped; any
 * other bad row is an error naming its line.
 */
export function parseReplay(text: string, format: 'csv' | 'jsonl', code?: string): ReplayRows {
  const rows: Row[] = []
  const all = records(text, format)
  all.forEach((record, index) => {
    const keys = Object.keys(record)
    const get = (name: string) => {
      const key = keys.find((k) => k.toLowerCase() === name)
      return key === undefined ? undefined : record[key]
    }
    const valueKey = priceKey(keys)
    const close = valueKey === undefined ? undefined : record[valueKey]
    if (missing(close)) return
    const timeKey = TIME_KEYS.find((k) => get(k) !== undefined)
    const parsed = rowSchema.safeParse({
      code: get('code') ?? code,
      time: timeKey && get(timeKey),
      close,
      ...Object.fromEntries(
        ['open', 'high', 'low', 'volume'].flatMap((k) => (missing(get(k)) ? [] : [[k, get(k)]])),
      ),
    })
    if (!parsed.success) {
      throw new Error(`replay row ${index + 1}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
    }
    rows.push(parsed.data)
  })
  if (rows.length === 0) throw new Error('replay file has no rows')
  if (rows.every((r) => typeof r.time === 'string' && DATE.test(r.time))) {
    return {
      kind: 'daily',
      days: rows.map((r) => ({
        code: r.code,
        date: String(r.time),
        open: r.open ?? r.close,
        high: r.high ?? Math.max(r.close, r.open ?? r.close),
        low: r.low ?? Math.min(r.close, r.open ?? r.close),
        close: r.close,
        volume: r.volume ?? 0,
      })),
    }
  }
  return {
    kind: 'ticks',
    ticks: rows.map((r, i) => {
      // Numbers below 1e12 are epoch seconds (1e12 ms is 2001).
      const time =
        typeof r.time === 'number' ? (r.time < 1e12 ? r.time * 1000 : r.time) : Date.parse(r.time)
      if (Number.isNaN(time)) throw new Error(`replay row ${i + 1}: bad time ${r.time}`)
      return {
        code: r.code,
        price: r.close,
        time,
        ...(r.volume !== undefined && { quantity: r.volume }),
      }
    }),
  }
}
