import type { Logger } from 'pino'
import type { FeedSession, FeedUpdate, StreamFeed } from './stream-feed'

export interface SnapshotDeps {
  feed: StreamFeed
  logger: Logger
  session: () => FeedSession | null
  /** The codes past the feed's limit, read in turn. */
  delayed: () => readonly string[]
  take: (updates: readonly FeedUpdate[]) => void
  /** Whether `run` is the source's run now (started, and not stopped since). */
  current: (run: number) => boolean
}

/**
 * The delayed codes (past a feed's limit) read from its REST snapshot, one at a time, at the
 * feed's REST pace.
 */
export class DelayedSnapshots {
  private next = 0
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly deps: SnapshotDeps) {}

  loop(run: number): void {
    if (!this.deps.current(run)) return
    this.timer = setTimeout(() => {
      void this.readNext().finally(() => this.loop(run))
    }, this.deps.feed.snapshotEveryMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private async readNext(): Promise<void> {
    const current = this.deps.session()
    const codes = this.deps.delayed()
    if (!current?.snapshot || codes.length === 0) return
    const code = codes[this.next++ % codes.length]!
    try {
      const update = await current.snapshot(code)
      if (update) this.deps.take([update])
    } catch (error) {
      this.deps.logger.warn({ err: error, code }, 'feed snapshot failed')
    }
  }
}
