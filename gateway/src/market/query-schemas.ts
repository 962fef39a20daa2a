import { actionsQuery } from '@kabu/shared/api/actions'
import { BAR_INTERVALS } from '@kabu/shared/market/types'
import { z } from 'zod'
import { RANK_BY } from './rank'

/**
 * Query strings of /api/market. Every value arrives as a string (a repeated parameter as an array,
 * which these refuse); limits keep each request's work bounded.
 */
const CODE = /^[A-Za-z0-9.]{1,16}$/
const MAX_CODES = 200

const epochSeconds = z
  .string()
  .regex(/^\d{1,11}$/)
  .transform(Number)

const limit = (max: number) =>
  z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))

export const searchQuery = z.object({
  q: z.string().trim().min(1).max(64),
  limit: limit(50).optional(),
})

export const snapshotQuery = z.object({
  codes: z
    .string()
    .max(MAX_CODES * 17)
    .transform((text) =>
      text
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(CODE)).min(1).max(MAX_CODES)),
})

export const barsQuery = z
  .object({
    code: z.string().regex(CODE),
    interval: z.enum(BAR_INTERVALS),
    from: epochSeconds.optional(),
    to: epochSeconds.optional(),
    // Corporate actions of the simulator's history (MARKET-RULES.md §5); none = prices as traded.
    adjust: z.enum(['none', 'forward', 'backward']).default('none'),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from after to',
  })

/** `depth` and `company`: one code. */
export const codeQuery = z.object({ code: z.string().regex(CODE) })

export const rankQuery = z.object({
  market: z.enum(['jp', 'us', 'cn']),
  by: z.enum(RANK_BY),
  limit: limit(100).optional(),
})

export const summaryQuery = z.object({ market: z.enum(['jp', 'us', 'cn']) })

/** Every read of /api/market with the query it takes: the router serves exactly these (routes.ts), and /api/docs lists them. */
export const MARKET_QUERIES = {
  '/search': searchQuery,
  '/snapshot': snapshotQuery,
  '/bars': barsQuery,
  '/depth': codeQuery,
  '/company': codeQuery,
  '/indices': z.object({}),
  '/summary': summaryQuery,
  '/rank': rankQuery,
  '/actions': actionsQuery,
} as const satisfies Record<string, z.ZodType>

export type MarketPath = keyof typeof MARKET_QUERIES
