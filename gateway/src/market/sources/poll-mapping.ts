import { z } from 'zod'
import type { SourceTick } from './types'

/**
 * How a JSON quotes endpoint maps onto our codes (QUOTE_POLL_MAP). `items` is the dot path to the
 * array of quotes (empty: the body is the array); `fields` names each quote's fields (dot paths
 * too); `codes` maps the upstream's codes to our listings and is the list of codes the source
 * carries. `volume` is the day's cumulative volume, `time` epoch seconds, milliseconds or ISO text.
 *
 * @example {"items":"data.quotes","fields":{"code":"symbol","price":"last","time":"ts"},"codes":{"7203.T":"7203"}}
 */
export const pollMappingSchema = z
  .object({
    items: z.string().default(''),
    fields: z
      .object({
        code: z.string().min(1),
        price: z.string().min(1),
        volume: z.string().min(1).optional(),
        prevClose: z.string().min(1).optional(),
        time: z.string().min(1).optional(),
      })
      .strict(),
    codes: z.record(z.string().min(1), z.string().min(1)).refine((c) => Object.keys(c).length > 0, {
      message: 'map at least one code',
    }),
  })
  .strict()

export type PollMapping = z.infer<typeof pollMappingSchema>

const positive = z.coerce.number().finite().positive()
const rowSchema = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  price: positive,
  volume: z.coerce.number().finite().nonnegative().optional(),
  prevClose: positive.optional(),
  time: z.union([z.number().finite().positive(), z.string().min(1)]).optional(),
})

const at = (value: unknown, path: string): unknown =>
  path === ''
    ? value
    : path
        .split('.')
        .reduce<unknown>(
          (v, key) =>
            v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined,
          value,
        )

/** Epoch ms of a time field: seconds and milliseconds are told apart by size (1e12 ms is 2001). */
function epochMs(time: number | string | undefined, fallback: number): number | null {
  if (time === undefined) return fallback
  if (typeof time === 'number') return time < 1e12 ? time * 1000 : time
  const parsed = Date.parse(time)
  return Number.isNaN(parsed) ? null : parsed
}

export interface MappedBody {
  ticks: SourceTick[]
  /** Items that did not validate (a bad price, a missing code, a time that is not one). */
  rejected: number
}

/**
 * The ticks of one answer of the endpoint, for the codes the mapping carries. Throws when the body
 * has no array where `items` points: the answer as a whole is garbage then, not one bad quote.
 */
export function mapPollBody(body: unknown, mapping: PollMapping, now: number): MappedBody {
  const items = at(body, mapping.items)
  if (!Array.isArray(items)) throw new Error(`no array at "${mapping.items}"`)
  const { fields } = mapping
  const ticks: SourceTick[] = []
  let rejected = 0
  for (const item of items) {
    const row = rowSchema.safeParse({
      code: at(item, fields.code),
      price: at(item, fields.price),
      volume: fields.volume && at(item, fields.volume),
      prevClose: fields.prevClose && at(item, fields.prevClose),
      time: fields.time && at(item, fields.time),
    })
    if (!row.success) {
      rejected++
      continue
    }
    const code = mapping.codes[row.data.code]
    if (!code) continue
    const time = epochMs(row.data.time, now)
    if (time === null) {
      rejected++
      continue
    }
    ticks.push({
      code,
      price: row.data.price,
      time,
      ...(row.data.volume !== undefined && { dayVolume: row.data.volume }),
      ...(row.data.prevClose !== undefined && { prevClose: row.data.prevClose }),
    })
  }
  return { ticks, rejected }
}
