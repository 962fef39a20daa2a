import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { LISTINGS } from '@kabu/shared/market/listings/index'
import { addDays } from '@kabu/shared/market/iso-date'
import type { Market, Quote } from '@kabu/shared/market/types'
import type { Clock } from '../clock'
import type { MarketService } from '../market/index'
import type { Database } from '../store/index'
import { articleOf, createDeduper, eventsOfActions, eventsOfQuote, tradingDayOf } from './generator'
import type { NewsEvent } from './events'
import { insertArticles, type NewArticle } from './news.sql'
import { overviewEvents } from './overview'

/** What the feed reads of the market. */
export type NewsMarket = Pick<
  MarketService,
  'onQuotes' | 'snapshots' | 'status' | 'corporateActions'
>

export interface NewsFeedDeps {
  db: Kysely<Database>
  clock: Clock
  market: NewsMarket
  logger?: Logger
}

/** At start-up, corporate actions this many days back still make (dated) news. */
const ACTION_LOOKBACK_DAYS = 7

/**
 * Turns the market's events into stored articles: it listens to every batch of prints, tells each
 * event once (per code, kind and trading day), and on start back-fills what today's state already
 * shows, so the list is never empty in a demo that has just started. Writes are queued one after
 * another; the store's unique key drops any repeat another gateway or an earlier run wrote.
 */
export function createNewsFeed({ db, clock, market, logger }: NewsFeedDeps) {
  const deduper = createDeduper()
  // The last trading day each code's corporate actions were looked at.
  const actionsCheckedOn = new Map<string, string>()
  let writing: Promise<unknown> = Promise.resolve()
  let unsubscribe: (() => void) | undefined

  function write(events: readonly NewsEvent[]): Promise<unknown> {
    const fresh = deduper.fresh(events)
    if (fresh.length === 0) return writing
    const simulated = market.status().simulated
    const articles: NewArticle[] = []
    for (const event of fresh) {
      const draft = articleOf(event, simulated)
      if (draft) articles.push({ ...draft, source: 'simulator', createdBy: null })
    }
    writing = writing
      .then(() => insertArticles(db, articles))
      .catch((error: unknown) => logger?.error({ err: error }, 'news articles not written'))
    return writing
  }

  function actionEvents(quote: Quote, day: string, fromDay: string): NewsEvent[] {
    if (quote.kind !== 'stock' || actionsCheckedOn.get(quote.code) === day) return []
    actionsCheckedOn.set(quote.code, day)
    return eventsOfActions(market.corporateActions(quote.code), quote, fromDay, day, clock.now())
  }

  function onQuotes(quotes: Quote[]): void {
    // One batch is one step of the clock: each market's prints in it share a trading day.
    const dayOf = new Map<Market, string>()
    const events: NewsEvent[] = []
    for (const quote of quotes) {
      let day = dayOf.get(quote.market)
      if (day === undefined) dayOf.set(quote.market, (day = tradingDayOf(quote)))
      events.push(...eventsOfQuote(quote, day), ...actionEvents(quote, day, day))
    }
    void write(events)
  }

  async function backfill(): Promise<void> {
    const quotes = market.snapshots(LISTINGS.map((listing) => listing.code))
    const events: NewsEvent[] = overviewEvents(quotes)
    for (const quote of quotes) {
      const day = tradingDayOf(quote)
      events.push(
        ...eventsOfQuote(quote, day),
        ...actionEvents(quote, day, addDays(day, -ACTION_LOOKBACK_DAYS)),
      )
    }
    await write(events)
  }

  return {
    /** Back-fills from the market's current state, then follows its prints. */
    async start(): Promise<void> {
      if (unsubscribe) return
      unsubscribe = market.onQuotes(onQuotes)
      await backfill().catch((error: unknown) =>
        logger?.error({ err: error }, 'news back-fill failed'),
      )
    },
    /** Stops listening and waits for the articles already on their way to the store. */
    async stop(): Promise<void> {
      unsubscribe?.()
      unsubscribe = undefined
      await writing
    },
  }
}

export type NewsFeed = ReturnType<typeof createNewsFeed>
