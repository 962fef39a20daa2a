import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Market } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import { RealBooks } from './real-books'
import { parseReplay, type ReplayRows } from './replay-file'
import type { RealQuoteSource, SourceDayBar } from './types'

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

/** One moment of the replay: what prints together, and how long after the previous moment. */
interface Step {
  afterMs: number
  codes: string[]
  play(books: RealBooks, now: number): void
}

function stepsOf(rows: ReplayRows, speed: number): Step[] {
  if (rows.kind === 'daily') {
    // The rows of one date are one trading day, whatever the calendar gap to the next date.
    const byDate = new Map<string, SourceDayBar[]>()
    for (const day of rows.days) byDate.set(day.date, [...(byDate.get(day.date) ?? []), day])
    return [...byDate.values()].map((days, i) => ({
      afterMs: i === 0 ? 0 : 1000 / speed,
      codes: days.map((d) => d.code),
      play: (books, now) => {
        for (const d of days) books.books.get(d.code)?.playDay(d, now)
      },
    }))
  }
  const steps: Step[] = []
  let previous: number | null = null
  for (const tick of rows.ticks) {
    steps.push({
      afterMs: previous === null ? 0 : Math.max(0, tick.time - previous) / speed,
      codes: [tick.code],
      play: (books) => books.books.get(tick.code)?.print(tick),
    })
    previous = tick.time
  }
  return steps
}

/**
 * QUOTE_SOURCE=replay:FILE[?speed=N&code=C&label=L]: plays a CSV or JSONL file of daily bars or
 * ticks. Its codes are live while it plays and turn stale when it ends or is stopped: a replay
 * that has run out is a source that stopped, and must not be traded on as if it were current.
 */
export function createReplaySource(settings: ReplaySettings, deps: ReplayDeps): RealQuoteSource {
  const format = /\.(jsonl|ndjson)$/i.test(settings.file) ? 'jsonl' : 'csv'
  const rows = parseReplay(readFileSync(settings.file, 'utf8'), format, settings.code)
  const steps = stepsOf(rows, settings.speed)
  const codes = [...new Set(steps.flatMap((s) => s.codes))]
  const books = new RealBooks(codes, Infinity, deps.trading, (error) =>
    deps.logger.error({ err: error }, 'quote listener failed'),
  )
  let timer: NodeJS.Timeout | null = null
  let next = 0
  let running = false
  let dueAt = 0

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
