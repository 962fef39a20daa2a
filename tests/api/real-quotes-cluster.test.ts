import type { Depth } from '@kabu/shared/market/depth'
import type { Quote } from '@kabu/shared/market/types'
import {
  QUOTES_NAMESPACE,
  type DepthAck,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startKabuStationFixture,
  type KabuStationFixture,
} from '../../gateway/src/market/sources/kabustation/kabu-station.fixture'
import { startTestApp, type TestApp } from '../support/app'

/**
 * Issue 38 across a cluster (issue 16): two gateways on one PostgreSQL and one Redis, both with
 * QUOTE_SOURCE=kabustation against the local kabu STATION. Only the leader holds the feed; a phone
 * on the follower watching a code makes the leader register it upstream (the follower's demand
 * reaches it through Redis), and the board the feed pushes reaches that phone through the relay,
 * its 10 levels a side and its source with it. When the phone leaves, the code is released after
 * the grace.
 */
const databaseUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL
const GRACE_MS = 400

type Phone = Socket<QuotesServerToClient, QuotesClientToServer>

const roleOf = async (url: string) =>
  ((await (await fetch(`${url}/health`)).json()) as { role: string }).role

describe.skipIf(!databaseUrl || !redisUrl)(
  'a streaming feed across a cluster (skipped: set TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let kabu: KabuStationFixture
    let leader: TestApp | undefined
    let follower: TestApp | undefined

    beforeAll(async () => {
      kabu = await startKabuStationFixture({ password: 'pw' })
      const env = {
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: `feed-cluster-${process.pid}-${Date.now()}`,
        QUOTE_SOURCE: `kabustation:${kabu.url}`,
        KABUSTATION_API_PASSWORD: 'pw',
        QUOTE_RELEASE_GRACE_MS: String(GRACE_MS),
        QUOTE_BACKOFF_BASE_MS: '50',
        QUOTE_BACKOFF_MAX_MS: '200',
      }
      // One after the other on one database: the first takes the lead.
      leader = await startTestApp({ env })
      for (const until = Date.now() + 10_000; (await roleOf(leader.url)) !== 'leader';) {
        if (Date.now() > until) throw new Error('the first gateway did not take the lead')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      follower = await startTestApp({ env: { ...env, ...leader.database.env } })
      expect(await roleOf(follower.url)).toBe('follower')
    }, 60_000)

    afterAll(async () => {
      await follower?.stop()
      await leader?.stop()
      await kabu?.close()
    })

    it('registers upstream what a follower’s phone watches, and relays the board to it', async () => {
      const phone: Phone = connect(`${follower!.url}${QUOTES_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
      })
      const ticks: Quote[] = []
      phone.on('ticks', (quotes) => ticks.push(...quotes))
      try {
        const ack = await new Promise<SubscribeAck>((resolve) =>
          phone.emit('subscribe', ['6501'], resolve),
        )
        expect(ack.ok).toBe(true)
        await expect.poll(() => kabu.registered(), { timeout: 5_000 }).toContain('6501')

        kabu.trade('6501', 4_012, 300)
        const fromFeed = () =>
          ticks.findLast((q) => q.code === '6501' && q.source === 'kabustation')?.price
        await expect.poll(fromFeed, { timeout: 5_000 }).toBe(4_012)
        // The fixture's board: Sell1… a yen apart above the price, Buy1 at it and below.
        const depth = async (): Promise<Depth | undefined> => {
          const answer = await new Promise<DepthAck>((resolve) =>
            phone.emit('depth:subscribe', '6501', resolve),
          )
          return answer.ok ? answer.depth : undefined
        }
        await expect
          .poll(async () => (await depth())?.asks[0]?.price, { timeout: 5_000 })
          .toBe(4_013)
        const board = (await depth())!
        expect(board.asks).toHaveLength(10)
        expect(board.bids).toHaveLength(10)
        expect(board.bids[0]).toEqual({ price: 4_012, size: expect.any(Number) as number })
        expect(board.tape).toEqual([])

        // Released upstream once the follower's phone has gone and the grace has run.
        phone.emit('unsubscribe', ['6501'])
        await expect
          .poll(() => kabu.registered(), { timeout: GRACE_MS + 5_000 })
          .not.toContain('6501')
      } finally {
        phone.disconnect()
      }
    }, 30_000)
  },
)
