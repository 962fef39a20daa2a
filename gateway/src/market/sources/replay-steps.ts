import type { Quote } from '@kabu/shared/market/types'
import type { RealBooks } from './real-books'
import type { ReplayRows } from './replay-file'
import type { SourceDayBar } from './types'

/** One moment of the replay: what prints together, and how long after the previous moment. */
export interface Step {
  afterMs: number
  codes: string[]
  play(books: RealBooks, now: number): void
  /** Whether `quote` is what playing this step made of its code (a leader's, relayed). */
  made(quote: Quote, books: RealBooks): boolean
}

export function stepsOf(rows: ReplayRows, speed: number): Step[] {
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
      // A replayed day's quote is timed when it played, not by its date: its bar tells it.
      made: (quote, books) =>
        days.some((d) => {
          const book = books.books.get(d.code)
          return (
            d.code === quote.code &&
            book !== undefined &&
            book.snapped(d.close) === quote.price &&
            book.snapped(d.open) === quote.open &&
            book.snapped(d.high) === quote.high &&
            book.snapped(d.low) === quote.low &&
            d.volume === quote.volume
          )
        }),
    }))
  }
  const steps: Step[] = []
  let previous: number | null = null
  for (const tick of rows.ticks) {
    steps.push({
      afterMs: previous === null ? 0 : Math.max(0, tick.time - previous) / speed,
      codes: [tick.code],
      play: (books) => books.books.get(tick.code)?.print(tick),
      made: (quote, books) =>
        tick.code === quote.code &&
        tick.time === quote.time &&
        books.books.get(tick.code)?.snapped(tick.price) === quote.price,
    })
    previous = tick.time
  }
  return steps
}

/**
 * Where the replay stands once `quote` has been played: the index after the step that made it,
 * looked for from `next` on (the leader plays the file in order, as the follower does). The step
 * just played comes first: a step of several codes is relayed as several quotes, and a series
 * whose day repeats the one before is better a day behind (caught up by the next quote) than
 * a day ahead of the leader. Undefined when no step made it (the leader replays another file).
 */
export function positionAfter(
  steps: readonly Step[],
  next: number,
  quote: Quote,
  books: RealBooks,
): number | undefined {
  if (next > 0 && steps[next - 1]?.made(quote, books)) return next
  for (let i = next; i < steps.length; i++) if (steps[i]?.made(quote, books)) return i + 1
  return undefined
}
