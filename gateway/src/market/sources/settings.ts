import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pollMappingSchema } from './poll-mapping'
import type { PollSettings } from './poll-source'
import type { ReplaySettings } from './replay-source'
import { parseStreamSource, type StreamEnv, type StreamSourceSettings } from './stream-settings'

/** One source of QUOTE_SOURCE's list and its companion settings, parsed. */
export type QuoteSourceSettings =
  ({ kind: 'poll' } & PollSettings) | ({ kind: 'replay' } & ReplaySettings) | StreamSourceSettings

interface QuoteEnv extends StreamEnv {
  QUOTE_SOURCE: string
  QUOTE_POLL_MAP?: string | undefined
  QUOTE_POLL_INTERVAL_MS: number
  QUOTE_POLL_TIMEOUT_MS: number
  QUOTE_STALE_MS: number
  QUOTE_BREAKER_FAILURES: number
  QUOTE_BREAKER_COOLDOWN_MS: number
  QUOTE_BACKOFF_MAX_MS: number
}

/** QUOTE_POLL_MAP: inline JSON, or the path of a JSON file. */
function pollMapping(text: string | undefined) {
  if (!text)
    throw new Error('invalid settings: QUOTE_POLL_MAP is required with QUOTE_SOURCE=poll:URL')
  const json = text.trim().startsWith('{') ? text : readFileSync(path.resolve(text), 'utf8')
  const parsed = pollMappingSchema.safeParse(JSON.parse(json))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`invalid settings: QUOTE_POLL_MAP: ${problems}`)
  }
  return parsed.data
}

/** The kinds QUOTE_SOURCE's list may name; an entry starts with one of them. */
export const SOURCE_KINDS = ['simulator', 'poll', 'replay', 'kabustation', 'alpaca'] as const

/**
 * QUOTE_SOURCE split into its entries: at each comma that starts a new kind, so a comma inside a
 * URL's query or a replay's label stays where it is.
 */
export function quoteSourceEntries(text: string): string[] {
  const next = new RegExp(`,(?=\\s*(?:${SOURCE_KINDS.join('|')})(?::|$|,))`)
  return text
    .split(next)
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/**
 * QUOTE_SOURCE (API.md): a comma-separated list of `simulator`, `poll:URL`,
 * `replay:FILE[?speed=N&code=C&label=L]`, `kabustation:URL` and `alpaca:URL`. The real sources,
 * in the order listed (the first that carries a code feeds it); empty, the simulator alone, which
 * feeds every code no real source carries whether or not it is listed.
 */
export function parseQuoteSources(e: QuoteEnv): QuoteSourceSettings[] {
  const sources: QuoteSourceSettings[] = []
  for (const entry of quoteSourceEntries(e.QUOTE_SOURCE)) {
    const source = parseQuoteSource(entry, e)
    if (source) sources.push(source)
  }
  const kinds = sources.map((source) => source.kind)
  if (new Set(kinds).size !== kinds.length) {
    throw new Error('invalid settings: QUOTE_SOURCE names one kind of source twice')
  }
  return sources
}

/** One entry of QUOTE_SOURCE; undefined for `simulator`. */
function parseQuoteSource(entry: string, e: QuoteEnv): QuoteSourceSettings | undefined {
  const [kind, ...rest] = entry.split(':')
  const target = rest.join(':')
  if (kind === 'kabustation' || kind === 'alpaca') return parseStreamSource(kind, target, e)
  if (kind === 'poll') {
    if (e.QUOTE_STALE_MS <= e.QUOTE_POLL_INTERVAL_MS) {
      throw new Error('invalid settings: QUOTE_STALE_MS must exceed QUOTE_POLL_INTERVAL_MS')
    }
    return {
      kind: 'poll',
      url: target,
      mapping: pollMapping(e.QUOTE_POLL_MAP),
      intervalMs: e.QUOTE_POLL_INTERVAL_MS,
      timeoutMs: e.QUOTE_POLL_TIMEOUT_MS,
      staleAfterMs: e.QUOTE_STALE_MS,
      breakerFailures: e.QUOTE_BREAKER_FAILURES,
      breakerCoolDownMs: e.QUOTE_BREAKER_COOLDOWN_MS,
      maxBackoffMs: e.QUOTE_BACKOFF_MAX_MS,
    }
  }
  if (kind === 'replay') {
    const [file = '', query = ''] = target.split('?')
    const params = new URLSearchParams(query)
    const speed = Number(params.get('speed') ?? '1')
    if (!(speed > 0 && speed <= 10_000)) {
      throw new Error('invalid settings: QUOTE_SOURCE replay speed must be in (0, 10000]')
    }
    return {
      kind: 'replay',
      file: path.resolve(file),
      speed,
      code: params.get('code') ?? undefined,
      label: params.get('label') ?? undefined,
    }
  }
  return undefined
}
