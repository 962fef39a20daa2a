import type { BrokerArea } from '../broker/index'
import type { LeaderJobs } from '../cluster/index'

/**
 * What exactly one gateway runs (the leader, issue 16): every area's `jobs` (the matcher of resting
 * orders and every scheduler: stock credit, IPO, follow products, day trading, the auto review,
 * news from the market's moves, the login failures' pruning), in the areas' order. A gateway that loses the lead stops them, waiting for their passes in flight; each pass
 * is guarded in the store as well (a claim by UPDATE, a unique row per day), so a pass of an old
 * leader that overlaps a new one's cannot do a day's work twice.
 */
export function leaderJobs(areas: readonly BrokerArea[]): LeaderJobs {
  const jobs = areas.flatMap((area) => area.jobs ?? [])
  return {
    async start() {
      for (const job of jobs) await job.start()
    },
    // In reverse: what started last (the auto review, the news) stops first.
    async stop() {
      for (const job of [...jobs].reverse()) await job.stop()
    },
  }
}
