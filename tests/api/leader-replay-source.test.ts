import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Bar, FeedStatus, Quote } from '@kabu/shared/market/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase, type TestDatabase } from '../support/db'
import { clusterEnv, spawnGateway, type GatewayProcess } from '../support/gateway-process'

/**
 * Issue 16, a replayed series in a cluster: two gateways on one PostgreSQL and one Redis replay the
 * same daily file (QUOTE_SOURCE=replay), which only the leader plays. The follower charts it from
 * the relayed prints, day by day as the leader does; once the leader is killed -9, the new leader
 * goes on from the day after the last one published, not from the file's first day (the closes
 * rise every day, so a replay started again would send the price back).
 */
const databaseUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL

const DAYS = 3_000
const FIRST_CLOSE = 1_000
const SPEED = 10 // trading days a second

/** Weekdays from 2000-01-03, the close one yen up each day. */
function dailyFile(): string {
  const lines = ['date,close']
  const day = new Date('2000-01-03T00:00:00Z')
  for (let i = 0; i < DAYS; i++) {
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1)
    lines.push(`${day.toISOString().slice(0, 10)},${FIRST_CLOSE + i}`)
    day.setUTCDate(day.getUTCDate() + 1)
  }
  return lines.join('\n') + '\n'
}

const health = async (url: string) =>
  (await (await fetch(`${url}/health`)).json()) as { role: string; market: FeedStatus }

const priceOf = async (url: string) => {
  const res = await fetch(`${url}/api/market/snapshot?codes=7203`)
  return ((await res.json()) as { data: Quote[] }).data[0]?.price ?? 0
}

const dailyBars = async (url: string) => {
  const res = await fetch(`${url}/api/market/bars?code=7203&interval=1d`)
  return ((await res.json()) as { data: Bar[] }).data
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!databaseUrl || !redisUrl)(
  'one replay for the cluster (skipped: set TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let dir: string
    let database: TestDatabase
    let first: GatewayProcess | undefined
    let second: GatewayProcess | undefined

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'kabu-replay-'))
      const file = path.join(dir, 'rising.csv')
      writeFileSync(file, dailyFile())
      database = await freshDatabase()
      const env = {
        ...clusterEnv(database, 'replay-source', redisUrl!),
        QUOTE_SOURCE: `replay:${file}?code=7203&speed=${SPEED}`,
      }
      // One after the other: the first migrates the empty schema and takes the lead.
      first = await spawnGateway(env)
      second = await spawnGateway(env)
    }, 300_000)

    afterAll(async () => {
      await Promise.all([first?.kill9(), second?.stop()])
      await database?.drop()
      rmSync(dir, { recursive: true, force: true })
    })

    it('charts the replayed days on the follower as the leader does', async () => {
      expect((await health(first!.url)).role).toBe('leader')
      expect((await health(second!.url)).role).toBe('follower')
      await expect
        .poll(async () => (await dailyBars(second!.url)).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(20)
      // The follower first (the leader plays on): its days are the leader's first days, bar for bar.
      const followers = await dailyBars(second!.url)
      const leaders = await dailyBars(first!.url)
      expect(followers.length).toBeGreaterThanOrEqual(20)
      expect(followers[0]).toMatchObject({ close: FIRST_CLOSE })
      expect(new Date(followers[0]!.time * 1000).toISOString().slice(0, 10)).toBe('2000-01-03')
      expect(leaders.slice(0, followers.length)).toEqual(followers)
    }, 60_000)

    it('goes on from the last published day when the leader is killed, not from the first', async () => {
      // The replay's price (not the simulator's, which stands in before it delivers).
      const before = await priceOf(second!.url)
      expect(before).toBeGreaterThan(FIRST_CLOSE)
      expect(before).toBeLessThan(FIRST_CLOSE + DAYS)
      await first!.kill9()
      await expect
        .poll(async () => (await health(second!.url)).role, { timeout: 10_000, interval: 100 })
        .toBe('leader')
      // Some seconds of the new leader's prices, as a phone on it sees them: never below the last
      // one before the kill, and moving on.
      const seen: number[] = []
      for (let i = 0; i < 30; i++) {
        seen.push(await priceOf(second!.url))
        await sleep(100)
      }
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(before)
      expect(seen.at(-1)).toBeGreaterThan(before)
      // Its chart runs from the file's first day, each day once, in order, none left out: the
      // days it followed, then those it played.
      const bars = await dailyBars(second!.url)
      expect(bars.map((bar) => bar.close)).toEqual(bars.map((_, i) => FIRST_CLOSE + i))
      expect(bars.every((bar, i) => i === 0 || bar.time > bars[i - 1]!.time)).toBe(true)
      expect(bars.at(-1)!.close).toBeGreaterThanOrEqual(seen.at(-1)!)
    }, 60_000)
  },
)
