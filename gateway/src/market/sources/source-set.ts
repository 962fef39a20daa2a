import type { FeedState, RealFeedStatus } from '@kabu/shared/market/types'
import type { RealQuoteSource } from './types'

/**
 * QUOTE_SOURCE's real sources as one (issue 38: a list; each source owns the codes it carries, the
 * simulator the rest). A code belongs to the first source listed that carries it, or, for a
 * streaming feed, that would carry it when wanted (`owns`): that source says whether it is stale.
 */
export class RealSources {
  constructor(readonly list: readonly RealQuoteSource[]) {}

  get empty(): boolean {
    return this.list.length === 0
  }

  /** The source whose quotes `code` has now, if any. */
  feeding(code: string): RealQuoteSource | undefined {
    return this.list.find((source) => source.carries(code))
  }

  /** The source that answers for `code` (feeding it, or owning it while the simulator stands in). */
  owner(code: string): RealQuoteSource | undefined {
    return this.list.find((source) => source.carries(code) || source.owns?.(code))
  }

  carries = (code: string): boolean => this.feeding(code) !== undefined

  /** Whether a market order on `code` must wait; undefined when no real source answers for it. */
  isStale(code: string): boolean | undefined {
    const owner = this.owner(code)
    if (!owner) return undefined
    return owner.isStale ? owner.isStale(code) : !owner.isLive()
  }

  /** Each source's state; `open` says whether a code's exchange trades now. */
  statuses(open: (code: string) => boolean): RealFeedStatus[] {
    return this.list.map((source) => {
      const codes = [...source.codes]
      const live = source.isLive()
      // A feed carrying nothing yet is live or not by its session alone.
      const closed = codes.length > 0 && !codes.some(open)
      const state: FeedState = closed ? 'closed' : live ? 'live' : 'stale'
      const delayed = source.delayedCodes?.() ?? []
      const simulated = source.simulatedCodes?.() ?? []
      return {
        source: source.kind,
        label: source.label,
        codes,
        state,
        lag: source.lag(),
        ...(delayed.length > 0 && { delayed }),
        ...(simulated.length > 0 && { simulated }),
      }
    })
  }

  /** The codes of sources that stopped delivering. */
  staleCodes(): string[] {
    return this.list.flatMap((source) => (source.isLive() ? [] : [...source.codes]))
  }

  start(): void {
    for (const source of this.list) source.start()
  }

  stop(): void {
    for (const source of this.list) source.stop()
  }
}
