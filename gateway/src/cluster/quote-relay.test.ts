import { randomUUID } from 'node:crypto'
import type { FeedStatus, Quote } from '@kabu/shared/market/types'
import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClock } from '../clock'
import { createMarket } from '../market/index'
import { quoteBytes } from '../market/quote-bytes'
import { FAKE_MAPPING, startFakeEndpoint } from '../market/sources/fake-endpoint.fixture'
import { pollMappingSchema } from '../market/sources/poll-mapping'
import type { PollSettings } from '../market/sources/poll-source'
import { flatQuote } from '../market/quote.fixture'
import { marketPublisher } from './market-publisher'
import { createClient } from 'redis'
import {
  BATCHES_IN_FLIGHT,
  createQuoteRelay,
  KEPT_DAY_SECONDS,
  type QuoteRelay,
} from './quote-relay'

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL
const logger = pino({ level: 'silent' })

const quote = (code: string, seq: number, price: number, time = 1_000): Quote =>
  flatQuote({ code, seq, price, time })

/** A poll of the fake endpoint, quick to turn stale and to try again. */
const pollOf = (url: string): PollSettings & { kind: 'poll' } => ({
  kind: 'poll',
  url,
  mapping: pollMappingSchema.parse(FAKE_MAPPING),
  intervalMs: 50,
  timeoutMs: 200,
  staleAfterMs: 400,
  breakerFailures: 3,
  breakerCoolDownMs: 200,
  maxBackoffMs: 100,
})

describe.skipIf(!redisUrl)('quote relay through Redis (skipped: set TEST_REDIS_URL)', () => {
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

  it('hands every gateway the batches, never a seq going back nor a deposed leader’s batch', async () => {
    const prefix = `relay-${randomUUID()}`
    const leader = await relay(prefix)
    const follower = await relay(prefix)
    const heard: Array<[string, number]> = []
    follower.onQuotes((quotes) =>
      heard.push(...quotes.map((q) => [q.code, q.seq] as [string, number])),
    )

    await leader.publish(1, [quote('7203', 5, 100), quote('6758', 2, 50)])
    await leader.publish(1, [quote('7203', 4, 99)]) // older than what is held: dropped
    await leader.publish(2, [quote('7203', 6, 101)]) // a new leader's term
    await leader.publish(1, [quote('7203', 7, 102)]) // the deposed leader, late: ignored
    await leader.publish(2, []) // the heartbeat
    await expect.poll(() => follower.batchesHeard(), { timeout: 5_000 }).toBe(4)
    expect(heard).toEqual([
      ['7203', 5],
      ['6758', 2],
      ['7203', 6],
    ])
    expect(follower.quote('7203')?.price).toBe(101)
    expect(follower.silentFor()).toBeLessThan(5_000)

    // A gateway that starts later serves the last published state from the start.
    const late = await relay(prefix)
    expect(late.quote('6758')?.seq).toBe(2)
    // Another prefix is another deployment.
    const other = await relay(`${prefix}-other`)
    expect(other.quote('6758')).toBeUndefined()
    expect(other.silentFor()).toBe(Infinity)
  })

  it('hands a follower each quote as the leader encoded it, and keeps those bytes for its phones', async () => {
    const prefix = `relay-${randomUUID()}`
    const leader = await relay(prefix)
    const follower = await relay(prefix)
    const heard: Quote[] = []
    follower.onQuotes((quotes) => heard.push(...quotes))
    // A batch is a line per quote: a line feed, a comma or a quote mark inside a name stays in it.
    const named = {
      ...quote('7203', 1, 2_500),
      name: { ja: 'トヨタ\n自動車, "株"', zh: '丰田\r\n汽车', en: 'Toyota, Inc.' },
    }
    const status: FeedStatus = { state: 'live', source: 'poll', simulated: false, lag: 40 }
    await leader.publish(3, [named, quote('6758', 1, 3_000)], status)
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2)
    expect(heard[0]).toEqual(named)
    expect(follower.status()).toEqual(status)

    // The follower's phones are sent the batch's own bytes: nothing is encoded again.
    const published = Buffer.from(JSON.stringify(named))
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      expect(quoteBytes(heard[0]!).equals(published)).toBe(true)
      expect(stringify).not.toHaveBeenCalled()
    } finally {
      stringify.mockRestore()
    }
  })

  it('sends the leader’s batches without waiting for each reply, merging past those in flight', async () => {
    const prefix = `relay-${randomUUID()}`
    const leader = await relay(prefix)
    const follower = await relay(prefix)
    const heard: number[] = []
    follower.onQuotes((quotes) => heard.push(...quotes.map((q) => q.seq)))

    // Ten batches in one turn: the first BATCHES_IN_FLIGHT go at once (no wait for a reply in
    // between); the rest wait for the first reply and go as one.
    for (let seq = 1; seq <= 10; seq++) leader.send(1, [quote('7203', seq, 100 + seq)])
    await leader.sent()
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(10)
    expect(heard).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(follower.batchesHeard()).toBe(BATCHES_IN_FLIGHT + 1)
    // Nothing left on its way: `sent` answers at once.
    await leader.sent()
  })

  it('makes a new leader continue from the last published state: seq up, never back in time', async () => {
    const prefix = `relay-${randomUUID()}`
    const clock = createClock()
    const market = createMarket({ clock, seed: 1, marketHours: 'always', logger })
    const own7203 = market.snapshot('7203')!
    const ownAapl = market.snapshot('AAPL')!
    const before = await relay(prefix)
    // What the old leader published last: 7203 fifty prints further on; AAPL at a later time.
    await before.publish(1, [
      { ...own7203, seq: own7203.seq + 50 },
      { ...ownAapl, seq: ownAapl.seq + 1, time: ownAapl.time + 60_000 },
    ])
    const follower = await relay(prefix)
    const heard: Quote[] = []
    follower.onQuotes((quotes) => heard.push(...quotes))

    const publisher = marketPublisher({ market, relay: before, logger })
    await publisher.lead()
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThan(10)
    await publisher.follow()
    // Its own 7203 is published under the old leader's count, not its own (so not "older").
    const stored = await follower.lastPublished()
    expect(stored.get('7203')?.seq).toBe(own7203.seq + 50)
    // Its AAPL is older than the last published one: held back until its prints catch up.
    expect(heard.some((q) => q.code === 'AAPL')).toBe(false)
    expect(stored.get('AAPL')?.time).toBe(ownAapl.time + 60_000)
    // The rest of the market is published as it is.
    expect(heard.find((q) => q.code === '6758')?.seq).toBe(market.snapshot('6758')!.seq)
  })

  it('publishes a real source’s code only once it delivers, above the old leader’s seq', async () => {
    const prefix = `relay-${randomUUID()}`
    const endpoint = await startFakeEndpoint()
    endpoint.setMode('hang')
    const market = createMarket({
      clock: createClock(),
      seed: 1,
      marketHours: 'always',
      logger,
      quoteSources: [pollOf(endpoint.url)],
    })
    const leader = await relay(prefix)
    // The old leader's last 7203, from its own poller: far more prints than this one has made.
    const sim7203 = market.snapshot('7203')!
    await leader.publish(1, [{ ...sim7203, price: 2400, seq: 10_000, time: Date.now() - 60_000 }])
    const follower = await relay(prefix)
    const heard: Quote[] = []
    follower.onQuotes((quotes) => heard.push(...quotes.filter((q) => q.code === '7203')))
    const publisher = marketPublisher({ market, relay: leader, logger })
    market.start()
    try {
      await publisher.lead()
      // Not delivered yet: the simulator's 7203 stands in on this gateway, not on the others.
      await expect.poll(() => follower.status()?.staleCodes, { timeout: 5_000 }).toEqual(['7203'])
      expect(heard).toEqual([])
      endpoint.setMode('ok')
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThan(0)
      // Its first print (the endpoint's first answer: volume 1000 + 100), not lost under seq 10,000.
      expect(heard[0]).toMatchObject({ price: 2500.5, seq: 10_001, volume: 1_100 })
      await expect.poll(() => follower.status()?.staleCodes, { timeout: 5_000 }).toEqual([])
    } finally {
      await publisher.follow()
      market.stop()
      await endpoint.close()
    }
  })

  it('keeps a polled code’s days beside the quotes, which a market that follows late takes', async () => {
    const prefix = `relay-${randomUUID()}`
    const endpoint = await startFakeEndpoint()
    // 2026-03-02 10:00 in Tokyo: the endpoint's answers are timed there, minute after minute.
    const TEN_AM = Date.UTC(2026, 2, 2, 1, 0)
    const DAY = 86_400_000
    endpoint.setTime(TEN_AM)
    const polled = () =>
      createMarket({
        clock: createClock(),
        seed: 1,
        marketHours: 'always',
        logger,
        quoteSources: [pollOf(endpoint.url)],
      })
    const market = polled()
    const late = polled()
    late.printing(false)
    const leader = await relay(prefix)
    const publisher = marketPublisher({ market, relay: leader, logger })
    const redis = createClient({ url: redisUrl! })
    await redis.connect()
    market.start()
    try {
      await publisher.lead()
      // Three minutes on Monday, two ten days later (a closure as long as Shanghai's National Day
      // week): the Monday is still kept.
      const prints = [0, 1, 2].map((i) => TEN_AM + i * 60_000)
      prints.push(...[0, 1].map((i) => TEN_AM + 10 * DAY + i * 60_000))
      for (const [i, at] of prints.entries()) {
        endpoint.setTime(at)
        endpoint.setPrice(2500 + i)
        await expect.poll(() => market.snapshot('7203')?.price, { timeout: 5_000 }).toBe(2500 + i)
      }
      // The upstream breaks: once an answer has failed, the leader's book stands still.
      endpoint.setMode('error')
      const requests = endpoint.requests
      await expect.poll(() => endpoint.requests, { timeout: 5_000 }).toBeGreaterThan(requests + 1)
      await publisher.follow()

      const published = [...(await leader.lastPublished()).values()]
      const days = await leader.keptDays(published)
      // Only the polled code's days are kept (the simulator's codes play alike everywhere),
      // oldest first, each up to the last quote published that day.
      expect(days.map((day) => day.quote.code)).toEqual(['7203', '7203'])
      const [monday, reopened] = days
      expect(monday!.quote.price).toBe(2502)
      expect(reopened!.quote).toEqual(published.find((quote) => quote.code === '7203'))
      expect([...monday!.minutes, ...reopened!.minutes]).toEqual(market.bars('7203', '1m'))
      expect(reopened!.minutes).toHaveLength(2)
      const ttl = await redis.ttl(`${prefix}:day:7203:2026-03-02`)
      expect(ttl).toBeGreaterThan(KEPT_DAY_SECONDS - 60)
      expect(ttl).toBeLessThanOrEqual(KEPT_DAY_SECONDS)

      // A market that follows late takes the days, and the quote it stands at is not added again:
      // Monday's minutes and daily bar as well as the reopening day's.
      for (const day of days) late.followDay(day)
      late.follow(published)
      expect(late.bars('7203', '1m')).toEqual(market.bars('7203', '1m'))
      expect(late.bars('7203', '1d')).toEqual(market.bars('7203', '1d'))
      expect(late.bars('7203', '1d')).toHaveLength(2)
      expect(late.snapshot('7203')).toMatchObject({ prevClose: 2502, price: 2504 })
    } finally {
      await publisher.follow()
      market.stop()
      await redis.close()
      await endpoint.close()
    }
  })
})
