import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Market } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import { RealBooks } from './real-books'
import { parseReplay } from './replay-file'
import { positionAfter, stepsOf } from './replay-steps'
import type { RealQuoteSource } from './types'

export interface ReplaySettings {
  file: string
  /** Daily series: trading days per second. Ticks: multiple of real time. */
  speed: number
  /** The code of rows that name none (a single series such as FRED's). */
  code: string | undefined
  /** What the UI calls the source; the file's name without one. */
  label: string | undefined
}

export interface ReplayDeps {
  clock: Clock
  logger: Logger
  trading: (market: Market) => boolean
}

/**
 * QUOTE_SOURCE=replay:FILE[?speed=N&code=C&label=L]: plays a CSV or JSONL file of daily bars or
 * ticks. Its codes are live while it plays and turn stale when it ends or is stopped: a replay
 * that has run out is a source that stopped, and must not be traded on as if it were current.
 *
 * In a cluster (issue 16) only the leader plays; every other gateway, whose replay is the same
 * file, follows: it plays into its own books the steps up to the one that made each relayed
 * quote, so its bars are the leader's, and a gateway that takes the lead starts from the step
 * after the last one published rather than from the file's first (prices would go back).
 */
export function createReplaySource(settings: ReplaySettings, deps: ReplayDeps): RealQuoteSource {
  const format = /\.(jsonl|ndjson)$/i.test(settings.file) ? 'jsonl' : 'csv'
  const rows = parseReplay(readFileSync(settings.file, 'utf8'), format, settings.code)
  const steps = stepsOf(rows, settings.speed)
  const codes = [...new Set(steps.flatMap((s) => s.codes))]
  const books = new RealBooks(
    codes,
    Infinity,
    deps.trading,
    (error) => deps.logger.error({ err: error }, 'quote listener failed'),
    'replay',
  )
  let timer: NodeJS.Timeout | null = null
  let next = 0
  let running = false
  let dueAt = 0
  // Whether a followed quote was not found in the file (said once).
  let lost = false

  const ended = () => {
    running = false
    timer = null
  }
  const advance = () => {
    timer = null
    const step = steps[next]
    if (!running || !step) return
    step.play(books, deps.clock.now())
    books.alive()
    books.publish(step.codes)
    next++
    // After the last row the replay has ended: it is stale from the moment the next row is due.
    dueAt += steps[next]?.afterMs ?? 1000 / settings.speed
    // Due times count from the start, so timer lateness does not add up over a long replay.
    timer = setTimeout(steps[next] ? advance : ended, Math.max(0, dueAt - performance.now()))
    timer.unref()
  }

  deps.logger.info({ file: settings.file, kind: rows.kind, steps: steps.length }, 'replay loaded')
  return {
    kind: 'replay',
    label: settings.label ?? path.basename(settings.file),
    codes,
    carries: books.carries,
    snapshot: books.snapshot,
    bars: books.bars,
    onQuotes: books.onQuotes,
    isLive: () => running && books.isLive(),
    lag: books.lag,
    follow(quotes) {
      if (running) return
      for (const quote of books.unfollowed(quotes)) {
        const after = positionAfter(steps, next, quote, books)
        if (after === undefined) {
          if (!lost)
            deps.logger.warn({ code: quote.code }, 'replay: a relayed print is not in the file')
          lost = true
          continue
        }
        const now = deps.clock.now()
        for (; next < after; next++) steps[next]?.play(books, now)
      }
    },
    // Its days are in the file, which a gateway that joins late plays up to the leader (`follow`).
    minuteToKeep: () => undefined,
    followDay() {},
    start() {
      if (running || next >= steps.length) return
      running = true
      dueAt = performance.now()
      advance()
    },
    stop() {
      running = false
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
