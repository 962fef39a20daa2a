import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pollMappingSchema } from './poll-mapping'
import type { PollSettings } from './poll-source'
import type { ReplaySettings } from './replay-source'

/** QUOTE_SOURCE and its companion settings, parsed. */
export type QuoteSourceSettings =
  { kind: 'simulator' } | ({ kind: 'poll' } & PollSettings) | ({ kind: 'replay' } & ReplaySettings)

interface QuoteEnv {
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

/** `simulator`, `poll:URL` or `replay:FILE[?speed=N&code=C&label=L]` (API.md). */
export function parseQuoteSource(e: QuoteEnv): QuoteSourceSettings {
  const [kind, ...rest] = e.QUOTE_SOURCE.split(':')
  const target = rest.join(':')
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
  return { kind: 'simulator' }
}
