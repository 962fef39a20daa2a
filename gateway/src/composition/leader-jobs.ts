import type { LeaderJobs } from '../cluster/index'
import type { NewsFeed } from '../news/feed'
import type { Broker } from './broker'

/**
 * What exactly one gateway runs (the leader, issue 16): the matcher of resting orders and every
 * scheduler (auto review, IPO, follow products, stock credit, day trading, news from the market's
 * moves). A gateway that loses the lead stops them, waiting for their passes in flight; each pass
 * is guarded in the store as well (a claim by UPDATE, a unique row per day), so a pass of an old
 * leader that overlaps a new one's cannot do a day's work twice.
 */
export function leaderJobs(broker: Broker, newsFeed: NewsFeed): LeaderJobs {
  return {
    async start() {
      broker.trading.matcher.start()
      broker.ipo.jobs.start()
      broker.products.jobs.start()
      broker.trading.creditJobs.start()
      broker.daytrade.jobs.start()
      broker.reviewDesk.start()
      await newsFeed.start()
    },
    async stop() {
      await broker.reviewDesk.stop()
      await newsFeed.stop()
      await broker.trading.matcher.stop()
      await broker.ipo.jobs.stop()
      await broker.products.jobs.stop()
      await broker.daytrade.jobs.stop()
      await broker.trading.creditJobs.stop()
    },
  }
}
