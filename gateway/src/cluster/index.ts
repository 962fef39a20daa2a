import type { Quote } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { MarketService } from '../market/index'
import { createDemandRelay } from './demand-relay'
import { leaderLock } from './leader-lock'
import { marketPublisher } from './market-publisher'
import { createQuoteRelay } from './quote-relay'
import { relayedMarket } from './relayed-market'

export type Role = 'leader' | 'follower'

/** What only the leader runs: the matcher and every scheduler (composition/leader-jobs.ts). */
export interface LeaderJobs {
  start(): Promise<void>
  stop(): Promise<void>
}

export interface ClusterSettings {
  databaseUrl: string | undefined
  redisUrl: string | undefined
  redisPrefix: string
  leaderRetryMs: number
  /** QUOTE_DEMAND_REFRESH_MS: how often each gateway's watched codes are written and read again. */
  quoteDemand: { brokerEveryMs: number }
}

export interface Cluster {
  /** Whether several gateways share one market (PostgreSQL and Redis both configured). */
  readonly shared: boolean
  /**
   * The market the rest of the gateway uses: the leader's quotes when shared. The market given to
   * `createCluster` prints only while this gateway leads (from then on, `printing`).
   */
  readonly market: MarketService
  role(): Role
  /** Starts following (and leading when the lock is won); the leader jobs start with the lead. */
  start(jobs: LeaderJobs): Promise<void>
  stop(): Promise<void>
}

/**
 * One market across many gateways (issue 16). With PostgreSQL and Redis, exactly one gateway leads
 * (the PostgreSQL advisory lock of `leader-lock.ts`): it runs the leader jobs, its market's sources
 * print (the real one of QUOTE_SOURCE poll or replay, which fetches from upstream only there, and
 * the simulator's prints), and it publishes those prints, and a heartbeat with its market's
 * status, through Redis (`market-publisher.ts`, `quote-relay.ts`). Every gateway, the leader too,
 * serves the relayed quotes (`relayed-market.ts`). A follower's market does not print: its real
 * source is stopped, and its simulator plays the same seeded market without printing, so its
 * listings, bars, depth and tape stay current; the relayed prints of its real source's codes go
 * into that source's books (`MarketService.follow`), so their bars are the leader's too, and a
 * replay that comes to lead goes on from the last published step. What every gateway's phones
 * watch reaches the leader's streaming feeds (`demand-relay.ts`). Winning the lock turns a
 * gateway's printing on, losing it turns it off. Without PostgreSQL or Redis a gateway is alone,
 * as it always was: it leads, and its market, printing from the start, is its own.
 */
export function createCluster(
  settings: ClusterSettings,
  deps: { market: MarketService; logger: Logger },
): Cluster {
  const { databaseUrl, redisUrl } = settings
  if (!databaseUrl?.startsWith('postgres') || !redisUrl) return alone(deps.market)

  const logger = deps.logger
  // A follower until the lock is won: nothing fetched from upstream, nothing printed, from start.
  deps.market.printing(false)
  const relay = createQuoteRelay({ url: redisUrl, prefix: settings.redisPrefix, logger })
  const publisher = marketPublisher({ market: deps.market, relay, logger })
  const demand = createDemandRelay({
    url: redisUrl,
    prefix: settings.redisPrefix,
    market: deps.market,
    leading: () => lock.isLeader(),
    refreshMs: settings.quoteDemand.brokerEveryMs,
    logger,
  })
  let jobs: LeaderJobs | undefined

  /**
   * Brings this gateway's books up to what the leader published (at start, and at election before
   * its market prints): the kept days of its real source's codes (a polled code's minutes before
   * it joined, which no quote tells), then the last published quote of each code, in print order
   * (what was published and not heard here: a replay moves on to where the leader is). Unread (Redis
   * down), it goes on from what was heard.
   */
  async function catchUp(): Promise<void> {
    const real = new Set(deps.market.status().realSources?.flatMap((source) => source.codes))
    try {
      const published = [...(await relay.lastPublished()).values()]
      const days = await relay.keptDays(published.filter((quote) => real.has(quote.code)))
      for (const day of days) deps.market.followDay(day)
      deps.market.follow(inPrintOrder(published))
    } catch (error) {
      logger.error({ err: error }, 'relay: the last published state is unread')
      deps.market.follow(inPrintOrder(relay.held()))
    }
  }

  const lock = leaderLock({
    databaseUrl,
    name: settings.redisPrefix,
    retryMs: settings.leaderRetryMs,
    logger,
    async onChange(leader) {
      if (leader) {
        // What was published and not heard here (a batch lost in the hand-over, a day's minutes
        // before this gateway started) is followed first, so a replay starts after the last step
        // published and a poll charts on from the day the old leader kept.
        await catchUp()
        deps.market.printing(true)
        demand.lead()
        await publisher.lead()
        await jobs?.start()
      } else {
        await jobs?.stop()
        await publisher.follow()
        deps.market.printing(false)
      }
    },
  })
  const relayed = relayedMarket(deps.market, relay, () => lock.isLeader())
  return {
    shared: true,
    market: {
      ...relayed,
      // What this gateway's phones watch goes to the leader's feeds too (demand-relay.ts).
      watch(codes) {
        relayed.watch(codes)
        demand.changed()
      },
      unwatch(codes) {
        relayed.unwatch(codes)
        demand.changed()
      },
    },
    role: () => (lock.isLeader() ? 'leader' : 'follower'),
    async start(leaderJobs) {
      jobs = leaderJobs
      // A follower builds its real source's bars from the leader's prints (its own source is
      // stopped), from the kept days and the last published state on. The batches heard while it
      // catches up wait for it: one followed first would go further than the kept day read next,
      // which would then be left out.
      let heard: Quote[] | undefined = []
      relay.onQuotes((quotes) => (heard ? heard.push(...quotes) : deps.market.follow(quotes)))
      await relay.start()
      await demand.start()
      await catchUp()
      deps.market.follow(heard)
      heard = undefined
      await lock.start()
    },
    async stop() {
      await lock.stop()
      await Promise.all([demand.stop(), relay.stop()])
    },
  }
}

/**
 * The last quote of each code, as the relay keeps them (by code), in the order they were printed:
 * a replay follows its file in order (replay-steps.ts), and a quote of a day replayed is timed
 * when it was played.
 */
function inPrintOrder(quotes: Iterable<Quote>): Quote[] {
  return [...quotes].sort((a, b) => a.time - b.time)
}

/** A gateway on its own: leader from the start, of its own market. */
function alone(market: MarketService): Cluster {
  let jobs: LeaderJobs | undefined
  return {
    shared: false,
    market,
    role: () => 'leader',
    async start(leaderJobs) {
      jobs = leaderJobs
      await jobs.start()
    },
    async stop() {
      await jobs?.stop()
    },
  }
}
