import { randomUUID } from 'node:crypto'
import type { FeedStatus, Quote } from '@kabu/shared/market/types'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import type { MarketService } from '../market/index'
import type { FeedBook } from '../market/sources/index'
import { flatQuote } from '../market/quote.fixture'
import { marketPublisher } from './market-publisher'
import { createQuoteRelay, type QuoteRelay } from './quote-relay'

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL
const logger = pino({ level: 'silent' })

const quote = (seq: number, time: number, source: Quote['source'], price: number): Quote =>
  flatQuote({ code: '6501', seq, time, source, price })

const level = (price: number) => ({ price, size: 100 })
const board: FeedBook = {
  asks: Array.from({ length: 10 }, (_, i) => level(4_013 + i)),
  bids: Array.from({ length: 10 }, (_, i) => level(4_012 - i)),
  vwap: 4_010,
  time: 10_000,
}

/** A leader's market that prints what the test hands it, and says a feed's board of 6501. */
function printingMarket() {
  const listeners = new Set<(quotes: Quote[]) => void>()
  let book: FeedBook | undefined
  const market = {
    status: (): FeedStatus => ({ state: 'live', source: 'simulator', simulated: true, lag: 0 }),
    snapshots: () => [],
    minuteToKeep: () => undefined,
    feedBook: () => book,
    onQuotes(listener: (quotes: Quote[]) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    market: market as unknown as MarketService,
    print(quotes: Quote[], withBook?: FeedBook) {
      book = withBook
      for (const listener of listeners) listener(quotes)
    },
  }
}

describe.skipIf(!redisUrl)('the leader’s publisher (skipped: set TEST_REDIS_URL)', () => {
  const relays: QuoteRelay[] = []
  const relay = async (prefix: string) => {
    const r = createQuoteRelay({ url: redisUrl!, prefix, logger })
    relays.push(r)
    await r.start()
    return r
  }
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()))
  })

  it('publishes a feed’s first print above the simulator’s, though timed before it, with its board', async () => {
    const prefix = `publisher-${randomUUID()}`
    const { market, print } = printingMarket()
    const leader = await relay(prefix)
    const follower = await relay(prefix)
    const heard: Quote[] = []
    follower.onQuotes((quotes) => heard.push(...quotes))
    const publisher = marketPublisher({ market, relay: leader, logger })
    await publisher.lead()
    try {
      print([quote(40, 10_500, 'simulator', 4_000)])
      // kabu STATION times its boards to the second: its first print says 10,000 ms.
      print([quote(1, 10_000, 'kabustation', 4_012)], board)
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2)
      expect(heard[1]).toMatchObject({ seq: 41, price: 4_012, source: 'kabustation' })
      expect(follower.book('6501')).toEqual(board)
      // A board that moves the levels alone: the same print, said again, with its new levels.
      const moved = { ...board, asks: board.asks.slice(1), time: 10_200 }
      print([quote(1, 10_000, 'kabustation', 4_012)], moved)
      await expect.poll(() => follower.book('6501'), { timeout: 5_000 }).toEqual(moved)
      expect(heard).toHaveLength(2)
      // A gateway that starts later reads the last board from Redis.
      await leader.sent()
      expect((await relay(prefix)).book('6501')).toEqual(moved)
    } finally {
      await publisher.follow()
    }
  })
})
