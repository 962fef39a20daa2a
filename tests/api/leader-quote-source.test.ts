import { randomUUID } from 'node:crypto'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Bar, BarInterval, FeedStatus, Quote } from '@kabu/shared/market/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FAKE_MAPPING,
  startFakeEndpoint,
} from '../../gateway/src/market/sources/fake-endpoint.fixture'
import { DEMO } from '../support/app'
import { freshDatabase, type TestDatabase } from '../support/db'
import { clusterEnv, spawnGateway, type GatewayProcess } from '../support/gateway-process'
import { session, brokerApi, brokerData } from '../support/broker'

/**
 * Issue 16: in a cluster only the leader runs the quote source that fetches from upstream. Two
 * gateways on one PostgreSQL and one Redis poll one local fake endpoint (QUOTE_SOURCE=poll), each
 * under a URL of its own (`?gateway=a`, `?gateway=b`), so the endpoint tells who fetched. The
 * follower fetches nothing, yet serves the leader's quotes of the polled code and calls its
 * source live, and charts the polled code from the relayed prints as the leader does from its
 * own; once the leader is killed, the new leader starts polling and its prints go on.
 */
const databaseUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL

const health = async (url: string) =>
  (await (await fetch(`${url}/health`)).json()) as { role: string; market: FeedStatus }

const priceOf = async (url: string, code: string) => {
  const res = await fetch(`${url}/api/market/snapshot?codes=${code}`)
  return ((await res.json()) as { data: Quote[] }).data[0]?.price
}

const barsOf = async (url: string, code: string, interval: BarInterval) => {
  const res = await fetch(`${url}/api/market/bars?code=${code}&interval=${interval}`)
  return ((await res.json()) as { data: Bar[] }).data
}

describe.skipIf(!databaseUrl || !redisUrl)(
  'one quote source for the cluster (skipped: set TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let endpoint: Awaited<ReturnType<typeof startFakeEndpoint>>
    let database: TestDatabase
    let first: GatewayProcess | undefined
    let second: GatewayProcess | undefined

    beforeAll(async () => {
      endpoint = await startFakeEndpoint()
      database = await freshDatabase()
      const env = {
        ...clusterEnv(database, 'quote-source', redisUrl!),
        DEMO: '1',
        QUOTE_POLL_MAP: JSON.stringify(FAKE_MAPPING),
        QUOTE_POLL_INTERVAL_MS: '200',
        QUOTE_STALE_MS: '2000',
      }
      // One after the other: the first migrates the empty schema and takes the lead.
      first = await spawnGateway({ ...env, QUOTE_SOURCE: `poll:${endpoint.url}?gateway=a` })
      second = await spawnGateway({ ...env, QUOTE_SOURCE: `poll:${endpoint.url}?gateway=b` })
    }, 300_000)

    afterAll(async () => {
      await Promise.all([first?.kill9(), second?.stop()])
      await database?.drop()
      await endpoint?.close()
    })

    it('polls the upstream from the leader only', async () => {
      expect((await health(first!.url)).role).toBe('leader')
      expect((await health(second!.url)).role).toBe('follower')
      const polled = endpoint.requestsTo('?gateway=a')
      await expect
        .poll(() => endpoint.requestsTo('?gateway=a'), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(polled + 5)
      expect(endpoint.requestsTo('?gateway=b')).toBe(0)
    }, 30_000)

    it('serves the leader’s quotes of the polled code on the follower, and calls them live', async () => {
      endpoint.setPrice(2520)
      await expect.poll(() => priceOf(second!.url, '7203'), { timeout: 10_000 }).toBe(2520)
      const { market } = await health(second!.url)
      expect(market.state).toBe('live')
      expect(market.staleCodes).toEqual([])
      expect(market.realSources).toEqual([
        expect.objectContaining({ source: 'poll', codes: ['7203'], state: 'live' }),
      ])
      // Not stale on the follower either: a market order of the polled code is taken there.
      const demo = await brokerData<SessionGrant>(second!.url, '/user/login', DEMO)
      const bought = await brokerApi(
        second!.url,
        '/trade/buy',
        { type: 'jpy', code: '7203', num: '100', idem: randomUUID() },
        session(demo),
      )
      expect(bought).toMatchObject({ status: 1 })
      expect(endpoint.requestsTo('?gateway=b')).toBe(0)
    }, 30_000)

    it('charts the polled code on the follower from the leader’s relayed prints', async () => {
      endpoint.setPrice(2525)
      await expect.poll(() => priceOf(second!.url, '7203'), { timeout: 10_000 }).toBe(2525)
      // The minute the leader printed 2525 in, with that close, on the follower's chart too.
      await expect
        .poll(async () => (await barsOf(second!.url, '7203', '1m')).at(-1), { timeout: 10_000 })
        .toMatchObject({ close: 2525 })
      // Read together (a minute may turn between two reads): the same minute, the same close.
      const lastMinutes = async () =>
        (
          await Promise.all(
            [first!, second!].map(async (g) => {
              const bar = (await barsOf(g.url, '7203', '1m')).at(-1)
              return bar && `${bar.time} ${bar.close}`
            }),
          )
        ).join(' | ')
      await expect
        .poll(async () => new Set((await lastMinutes()).split(' | ')).size, { timeout: 10_000 })
        .toBe(1)
      // The day's bar is the leader's (its open, high and low came with the quotes).
      const { time, open, high, low, close } = (await barsOf(first!.url, '7203', '1d')).at(-1)!
      expect((await barsOf(second!.url, '7203', '1d')).at(-1)).toMatchObject({
        time,
        open,
        high,
        low,
        close,
      })
      expect(high).toBeGreaterThanOrEqual(2525)
      expect(endpoint.requestsTo('?gateway=b')).toBe(0)
    }, 30_000)

    it('starts polling on the gateway that takes the lead; its prints go on', async () => {
      await first!.kill9()
      await expect
        .poll(async () => (await health(second!.url)).role, { timeout: 10_000, interval: 100 })
        .toBe('leader')
      const polledByA = endpoint.requestsTo('?gateway=a')
      await expect
        .poll(() => endpoint.requestsTo('?gateway=b'), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(5)
      expect(endpoint.requestsTo('?gateway=a')).toBe(polledByA)
      // Its first prints count from 1; published above the old leader's seq, they are served.
      endpoint.setPrice(2530)
      await expect.poll(() => priceOf(second!.url, '7203'), { timeout: 10_000 }).toBe(2530)
      const { market } = await health(second!.url)
      expect(market.state).toBe('live')
      expect(market.realSources?.[0]?.state).toBe('live')
    }, 60_000)
  },
)

/**
 * Issue 16, a gateway that joins late: the leader has polled for some minutes of the day (the fake
 * endpoint's answers are timed minute after minute) before a second gateway starts. That gateway
 * charts the day's minutes of the polled code as the leader does, bar for bar, the minutes before
 * it joined included (kept by the leader in Redis), and the minute it joined in counted once
 * (in the kept day and in the live prints alike). The day goes on across a failover: a gateway
 * that joins after it charts the minutes of both leaders, one minute printed by both among them.
 */
describe.skipIf(!databaseUrl || !redisUrl)(
  'a gateway that joins late (skipped: set TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    // 2026-03-02 10:00 in Tokyo, a Monday: its minutes, one after the other.
    const TEN_AM = Date.UTC(2026, 2, 2, 1, 0)
    const minute = (i: number) => TEN_AM + i * 60_000 + 15_000
    let endpoint: Awaited<ReturnType<typeof startFakeEndpoint>>
    let database: TestDatabase
    let env: Record<string, string>
    let leader: GatewayProcess | undefined
    let late: GatewayProcess | undefined
    let later: GatewayProcess | undefined

    beforeAll(async () => {
      endpoint = await startFakeEndpoint()
      endpoint.setTime(minute(0))
      endpoint.setPrice(2500)
      database = await freshDatabase()
      env = {
        ...clusterEnv(database, 'late-join', redisUrl!),
        QUOTE_POLL_MAP: JSON.stringify(FAKE_MAPPING),
        QUOTE_POLL_INTERVAL_MS: '200',
        QUOTE_STALE_MS: '2000',
      }
      leader = await spawnGateway({ ...env, QUOTE_SOURCE: `poll:${endpoint.url}?gateway=a` })
    }, 300_000)

    afterAll(async () => {
      await Promise.all([leader?.stop(), late?.stop(), later?.stop()])
      await database?.drop()
      await endpoint?.close()
    })

    it('charts the day’s minutes of the polled code as the leader does, bar for bar', async () => {
      expect((await health(leader!.url)).role).toBe('leader')
      // Five minutes of the leader's polls, a price each (several polls a minute).
      for (let i = 0; i < 5; i++) {
        endpoint.setTime(minute(i))
        endpoint.setPrice(2500 + 5 * i)
        await expect
          .poll(() => priceOf(leader!.url, '7203'), { timeout: 10_000 })
          .toBe(2500 + 5 * i)
        const polled = endpoint.requestsTo('?gateway=a')
        await expect
          .poll(() => endpoint.requestsTo('?gateway=a'), { timeout: 10_000 })
          .toBeGreaterThanOrEqual(polled + 3)
      }
      // Another gateway starts while the leader polls on in the fifth minute.
      late = await spawnGateway({ ...env, QUOTE_SOURCE: `poll:${endpoint.url}?gateway=b` })
      expect((await health(late.url)).role).toBe('follower')
      endpoint.setTime(minute(5))
      endpoint.setPrice(2530)
      await expect.poll(() => priceOf(late!.url, '7203'), { timeout: 10_000 }).toBe(2530)
      // The upstream breaks, so the leader's bars stand still: a poll answered with an error has
      // come after every good answer.
      endpoint.setMode('error')
      const polled = endpoint.requestsTo('?gateway=a')
      await expect
        .poll(() => endpoint.requestsTo('?gateway=a'), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(polled + 2)
      const leaders = await barsOf(leader!.url, '7203', '1m')
      expect(leaders.map((bar) => bar.time * 1000)).toEqual(
        [0, 1, 2, 3, 4, 5].map((i) => minute(i) - 15_000),
      )
      expect(leaders.map((bar) => bar.close)).toEqual([2500, 2505, 2510, 2515, 2520, 2530])
      // The last prints reach the late gateway through the relay; then its chart is the leader's.
      await expect
        .poll(async () => (await barsOf(late!.url, '7203', '1m')).at(-1), { timeout: 10_000 })
        .toEqual(leaders.at(-1))
      expect(await barsOf(late.url, '7203', '1m')).toEqual(leaders)
      expect(await barsOf(late.url, '7203', '1d')).toEqual(await barsOf(leader!.url, '7203', '1d'))
      expect(endpoint.requestsTo('?gateway=b')).toBe(0)
    }, 120_000)

    it('keeps the day across a failover for a gateway that joins after it', async () => {
      endpoint.setMode('ok')
      endpoint.setTime(minute(6))
      endpoint.setPrice(2540)
      await expect.poll(() => priceOf(late!.url, '7203'), { timeout: 10_000 }).toBe(2540)
      await leader!.kill9()
      await expect
        .poll(async () => (await health(late!.url)).role, { timeout: 10_000, interval: 100 })
        .toBe('leader')
      // The new leader's own prints, in the minute the old one printed in last.
      endpoint.setPrice(2545)
      await expect.poll(() => priceOf(late!.url, '7203'), { timeout: 10_000 }).toBe(2545)
      later = await spawnGateway({ ...env, QUOTE_SOURCE: `poll:${endpoint.url}?gateway=c` })
      endpoint.setTime(minute(7))
      endpoint.setPrice(2550)
      await expect.poll(() => priceOf(later!.url, '7203'), { timeout: 10_000 }).toBe(2550)
      endpoint.setMode('error')
      const polled = endpoint.requestsTo('?gateway=b')
      await expect
        .poll(() => endpoint.requestsTo('?gateway=b'), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(polled + 2)
      const leaders = await barsOf(late!.url, '7203', '1m')
      expect(leaders.map((bar) => bar.close)).toEqual([
        2500, 2505, 2510, 2515, 2520, 2530, 2545, 2550,
      ])
      expect(leaders[6]).toMatchObject({ open: 2540, close: 2545 })
      await expect
        .poll(async () => (await barsOf(later!.url, '7203', '1m')).at(-1), { timeout: 10_000 })
        .toEqual(leaders.at(-1))
      expect(await barsOf(later.url, '7203', '1m')).toEqual(leaders)
      expect(endpoint.requestsTo('?gateway=c')).toBe(0)
    }, 120_000)
  },
)
