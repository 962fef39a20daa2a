import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import type { Market } from '@kabu/shared/market/types'
import { CircuitBreaker } from './breaker'
import { mapPollBody, type PollMapping } from './poll-mapping'
import { RealBooks } from './real-books'
import type { RealQuoteSource } from './types'

export interface PollSettings {
  url: string
  mapping: PollMapping
  intervalMs: number
  timeoutMs: number
  staleAfterMs: number
  breakerFailures: number
  breakerCoolDownMs: number
  maxBackoffMs: number
}

export interface PollDeps {
  clock: Clock
  logger: Logger
  trading: (market: Market) => boolean
}

/**
 * QUOTE_SOURCE=poll:URL: GETs a JSON quotes endpoint every `intervalMs`, one request at a time,
 * maps the answer by the declarative mapping and prints its quotes. A failed answer (network,
 * timeout, non-2xx, not JSON, no array where the mapping points) is retried with jittered
 * backoff; after `breakerFailures` in a row the circuit opens for a cool-down, then one probe.
 * The codes turn stale when no answer has succeeded for `staleAfterMs`.
 */
export function createPollSource(settings: PollSettings, deps: PollDeps): RealQuoteSource {
  const { clock, logger } = deps
  const books = new RealBooks(
    Object.values(settings.mapping.codes),
    settings.staleAfterMs,
    deps.trading,
    (error) => logger.error({ err: error }, 'quote listener failed'),
    'poll',
  )
  const breaker = new CircuitBreaker({
    failureThreshold: settings.breakerFailures,
    coolDownMs: settings.breakerCoolDownMs,
    baseBackoffMs: settings.intervalMs,
    maxBackoffMs: settings.maxBackoffMs,
  })
  let timer: NodeJS.Timeout | null = null
  let running = false
  // A poll in flight when stop() and start() come quickly must not start a second loop.
  let generation = 0

  async function pollOnce(): Promise<void> {
    const response = await fetch(settings.url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
    if (!response.ok) throw new Error(`upstream answered ${response.status}`)
    const body: unknown = await response.json()
    const { ticks, rejected } = mapPollBody(body, settings.mapping, clock.now())
    if (rejected > 0) logger.warn({ rejected }, 'quote poll: items rejected')
    for (const tick of ticks) books.books.get(tick.code)?.print(tick)
    books.alive()
    books.publish(ticks.map((t) => t.code))
  }

  async function loop(run: number): Promise<void> {
    timer = null
    if (run !== generation) return
    try {
      await pollOnce()
      breaker.success()
    } catch (error) {
      breaker.failure()
      logger.warn(
        { err: error, failures: breaker.consecutiveFailures, circuit: breaker.state },
        'quote poll failed',
      )
    }
    if (run !== generation) return
    const delay = breaker.consecutiveFailures === 0 ? settings.intervalMs : breaker.delayMs()
    timer = setTimeout(() => void loop(run), delay)
    timer.unref()
  }

  return {
    kind: 'poll',
    label: new URL(settings.url).host,
    codes: books.codes,
    carries: books.carries,
    snapshot: books.snapshot,
    bars: books.bars,
    onQuotes: books.onQuotes,
    isLive: books.isLive,
    lag: books.lag,
    follow(quotes) {
      if (running) return
      for (const quote of books.unfollowed(quotes)) books.books.get(quote.code)?.follow(quote)
    },
    minuteToKeep: books.lastMinute,
    followDay(day) {
      if (!running) books.followDay(day)
    },
    start() {
      if (running) return
      running = true
      void loop(++generation)
    },
    stop() {
      running = false
      generation++
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
