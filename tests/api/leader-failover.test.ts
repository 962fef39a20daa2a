import { randomUUID } from 'node:crypto'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { HoldingList, WireHolding } from '@kabu/shared/api/trade'
import { HOLDING } from '@kabu/shared/api/trade'
import { LISTINGS } from '@kabu/shared/market/listings/index'
import type { Quote } from '@kabu/shared/market/types'
import {
  QUOTES_NAMESPACE,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger } from '../../gateway/src/broker/ledger/check'
import type { Store } from '../../gateway/src/store/index'
import { DEMO } from '../support/app'
import { freshDatabase, type TestDatabase } from '../support/db'
import { clusterEnv, spawnGateway, type GatewayProcess } from '../support/gateway-process'
import { session, brokerApi, brokerData } from '../support/broker'
import { crossingLimit } from './leader-failover.support'

/**
 * Issue 16's proof: two gateways (processes of their own) on one PostgreSQL and one Redis share one
 * market. The first to start leads; the second serves the leader's quotes. An order placed on the
 * follower rests, and the leader's matcher fills it once when the market crosses it. Then the
 * leader is killed (-9): the follower takes the lock within 5 s and the ticks go on from where
 * they were, seq rising, never back in time; the books balance.
 */
const databaseUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL
const OPS_TOKEN = 'leader-failover-ops-token'
// Enough codes (the indices first) that a few seconds bring prints: a stock prints every ~10 s.
const CODES = LISTINGS.slice(0, 60).map((l) => l.code)
const key = (q: Quote) => `${q.code}:${q.seq}`

type Phone = Socket<QuotesServerToClient, QuotesClientToServer>

/** A phone on `url` holding `codes`, recording every tick it gets. */
async function phoneOn(url: string, codes: string[]) {
  const socket: Phone = connect(`${url}${QUOTES_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
  })
  const ticks: Quote[] = []
  socket.on('ticks', (quotes) => ticks.push(...quotes))
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  const ack = await new Promise<SubscribeAck>((resolve) => socket.emit('subscribe', codes, resolve))
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.msg}`)
  return { socket, ticks, snapshots: ack.snapshots }
}

const roleOf = async (url: string) =>
  ((await (await fetch(`${url}/health`)).json()) as { role: string }).role

const leaderMetric = async (url: string) => {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })
  return Number(/^kabu_leader (\d)$/m.exec(await res.text())?.[1])
}

describe.skipIf(!databaseUrl || !redisUrl)(
  'two gateways, one market (skipped: set TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let database: TestDatabase
    let store: Store
    let first: GatewayProcess | undefined
    let second: GatewayProcess | undefined
    const phones: Phone[] = []
    let pick: ReturnType<typeof crossingLimit> | undefined

    beforeAll(async () => {
      database = await freshDatabase()
      const env = {
        ...clusterEnv(database, 'failover', redisUrl!),
        DEMO: '1',
        OPS_TOKEN,
      }
      // One after the other: the first migrates the empty schema and takes the lead.
      first = await spawnGateway(env)
      second = await spawnGateway(env)
      store = database.openStore()
    }, 300_000)

    afterAll(async () => {
      for (const phone of phones) phone.disconnect()
      await Promise.all([first?.kill9(), second?.stop()])
      await store?.close()
      await database?.drop()
    })

    it('leads on the first gateway only: /health and kabu_leader say so', async () => {
      expect(await roleOf(first!.url)).toBe('leader')
      expect(await roleOf(second!.url)).toBe('follower')
      expect(await leaderMetric(first!.url)).toBe(1)
      expect(await leaderMetric(second!.url)).toBe(0)
    })

    it('serves the same snapshot and ticks of a code on both gateways', async () => {
      const [a, b] = await Promise.all([phoneOn(first!.url, CODES), phoneOn(second!.url, CODES)])
      phones.push(a.socket, b.socket)
      // The snapshots agree code by code, but for a print that fell between the two reads.
      const snapshotsOfA = new Map(a.snapshots.map((q) => [q.code, q]))
      const sameSnapshot = b.snapshots.filter((q) => snapshotsOfA.get(q.code)?.seq === q.seq)
      expect(sameSnapshot.length).toBeGreaterThan(CODES.length / 2)
      for (const q of sameSnapshot) expect(q).toEqual(snapshotsOfA.get(q.code))
      // Ticks seen by both phones: the same print under the same code and seq.
      const common = () => {
        const ofA = new Map(a.ticks.map((q) => [key(q), q]))
        return b.ticks.filter((q) => ofA.has(key(q))).map((q) => [q, ofA.get(key(q))!] as const)
      }
      await expect
        .poll(() => common().length, { timeout: 30_000, interval: 200 })
        .toBeGreaterThanOrEqual(10)
      for (const [q, other] of common()) {
        expect({ price: q.price, time: q.time }).toEqual({ price: other.price, time: other.time })
      }
    }, 60_000)

    it('fills a limit order placed on the follower exactly once, when the market crosses it', async () => {
      const demo = await brokerData<SessionGrant>(second!.url, '/user/login', DEMO)
      // The seeded market is the same in this process: the next seconds' prints tell a limit that
      // rests now and that a print will cross soon.
      pick = crossingLimit(Date.now())
      const placed = await brokerApi(
        second!.url,
        '/trade/buy',
        {
          type: 'jpy',
          code: pick.code,
          num: String(pick.lot),
          price: pick.limit,
          idem: randomUUID(),
        },
        session(demo),
      )
      expect(placed).toMatchObject({ status: 1 })
      const id = (placed.data as { id: string }).id
      const row = async () =>
        (
          await brokerData<HoldingList>(
            second!.url,
            '/trade/userstocklist',
            { type: 'jpy' },
            session(demo),
          )
        )[id]
      expect(((await row()) as WireHolding | undefined)?.status).toBe(HOLDING.pending)
      await expect
        .poll(async () => ((await row()) as WireHolding | undefined)?.status, {
          timeout: 60_000,
          interval: 500,
        })
        .toBe(HOLDING.holding)
      // Once, by one matcher: one buy posting for the order, and the row filled at or under its limit.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const holding = await store.db
        .selectFrom('holdings')
        .select(['order_no', 'status', 'buy_price'])
        .where('id', '=', BigInt(id))
        .executeTakeFirstOrThrow()
      expect(Number(holding.status)).toBe(HOLDING.holding)
      const postings = await store.db
        .selectFrom('ledger_transactions')
        .select('kind')
        .where('order_no', '=', holding.order_no)
        .execute()
      expect(postings.map((p) => p.kind).sort()).toEqual(['trade_buy', 'trade_freeze'])
    }, 120_000)

    it('hands the lead to the other gateway within 5 s of a kill -9; ticks go on, never back', async () => {
      const b = await phoneOn(second!.url, CODES)
      phones.push(b.socket)
      await expect.poll(() => b.ticks.length, { timeout: 20_000 }).toBeGreaterThan(0)
      const before = b.ticks.length
      const lastOf = new Map(b.ticks.map((q) => [q.code, q]))

      const killedAt = performance.now()
      await first!.kill9()
      await expect
        .poll(() => roleOf(second!.url), { timeout: 10_000, interval: 100 })
        .toBe('leader')
      const tookMs = performance.now() - killedAt
      console.log(`failover: the follower led ${Math.round(tookMs)} ms after the kill`)
      expect(tookMs).toBeLessThan(5_000)
      expect(await leaderMetric(second!.url)).toBe(1)

      // The new leader's prints arrive, continuing the old one's: seq up, time never back.
      await expect
        .poll(() => b.ticks.length - before, { timeout: 30_000, interval: 200 })
        .toBeGreaterThanOrEqual(3)
      for (const q of b.ticks.slice(before)) {
        const last = lastOf.get(q.code)
        if (last) {
          expect(q.seq, q.code).toBeGreaterThan(last.seq)
          expect(q.time, q.code).toBeGreaterThanOrEqual(last.time)
        }
        lastOf.set(q.code, q)
      }

      // A market order on the new leader fills from its quotes; the books balance.
      const demo = await brokerData<SessionGrant>(second!.url, '/user/login', DEMO)
      const bought = await brokerApi(
        second!.url,
        '/trade/buy',
        {
          type: 'jpy',
          code: pick?.code ?? '7203',
          num: String(pick?.lot ?? 100),
          idem: randomUUID(),
        },
        session(demo),
      )
      expect(bought).toMatchObject({ status: 1 })
      const { violations } = await checkLedger(store.db)
      expect(violations).toEqual([])
    }, 120_000)
  },
)
