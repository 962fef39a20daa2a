import type { FeedStatus } from '@kabu/shared/market/types'
import {
  QUOTES_NAMESPACE,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

/**
 * REDIS_URL: two gateways on one Redis share rooms and broadcasts. CI points TEST_REDIS_URL (or
 * REDIS_URL) at its local Redis; without one there is no Redis to test against.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL

describe.skipIf(!redisUrl)(
  'socket.io Redis adapter (skipped: set TEST_REDIS_URL or REDIS_URL)',
  () => {
    let first: TestApp
    let second: TestApp
    let phone: Socket<QuotesServerToClient, QuotesClientToServer>

    beforeAll(async () => {
      // One deployment: the same key prefix in Redis (each suite its own, so suites keep apart).
      const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: `adapter-${Date.now()}-${process.pid}` }
      ;[first, second] = await Promise.all([startTestApp({ env }), startTestApp({ env })])
      phone = connect(`${second.url}${QUOTES_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
      })
      await new Promise<void>((resolve) => phone.once('connect', () => resolve()))
    })
    afterAll(async () => {
      phone?.disconnect()
      await Promise.all([first?.stop(), second?.stop()])
    })

    it('delivers a room broadcast made on one gateway to a client of the other', async () => {
      const ack = await new Promise<SubscribeAck>((resolve) =>
        phone.emit('subscribe', ['7203'], resolve),
      )
      expect(ack.ok).toBe(true)
      // The first gateway sees the second one's socket in the code's room, once it has heard the
      // second one's heartbeat: until then it asks no other gateway and answers its own sockets.
      const quotes = first.app.io.of(QUOTES_NAMESPACE)
      const inRoom = async () => (await quotes.in('quote:7203').fetchSockets()).map((s) => s.id)
      await expect.poll(inRoom, { timeout: 10_000 }).toContain(phone.id)

      // ...and what it emits to that room arrives there, once.
      const marker: FeedStatus = {
        state: 'stale',
        source: `redis-test-${Date.now()}`,
        simulated: true,
        lag: 1,
      }
      const received: FeedStatus[] = []
      phone.on('status', (status) => {
        if (status.source === marker.source) received.push(status)
      })
      quotes.to('quote:7203').emit('status', marker)
      await expect.poll(() => received, { timeout: 5_000 }).toEqual([marker])
      // Not to a room the client is not in.
      quotes.to('quote:AAPL').emit('status', { ...marker, lag: 2 })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(received).toEqual([marker])
    })

    it('recovers a dropped connection with what another gateway sent meanwhile', async () => {
      // API.md: connection state recovery is on, with REDIS_URL too (the streams adapter).
      const client: Socket<QuotesServerToClient, QuotesClientToServer> = connect(
        `${second.url}${QUOTES_NAMESPACE}`,
        { transports: ['websocket'] },
      )
      try {
        await new Promise<void>((resolve) => client.once('connect', () => resolve()))
        const ack = await new Promise<SubscribeAck>((resolve) =>
          client.emit('subscribe', ['AAPL'], resolve),
        )
        expect(ack.ok).toBe(true)
        expect(client.recovered).toBe(false)
        const source = `missed-${Date.now()}`
        const marker = (lag: number): FeedStatus => ({
          state: 'stale',
          source,
          simulated: true,
          lag,
        })
        const received: number[] = []
        client.on('status', (status) => {
          if (status.source === source) received.push(status.lag)
        })
        const rooms = first.app.io.of(QUOTES_NAMESPACE).to('quote:AAPL')
        // A phone is recovered from the last broadcast it got (its offset in the stream).
        rooms.emit('status', marker(1))
        await expect.poll(() => received, { timeout: 5_000 }).toEqual([1])
        // A flaky mobile network drops the transport; the other gateway broadcasts meanwhile. The
        // phone comes back only once the gateway has seen it go (and kept its session): left to
        // reconnect on its own, on a busy machine it was back before its old socket was gone.
        client.io.reconnection(false)
        client.io.engine.close()
        await expect
          .poll(async () => (await second.app.io.of(QUOTES_NAMESPACE).fetchSockets()).length, {
            timeout: 10_000,
          })
          .toBe(1) // the phone of beforeAll
        rooms.emit('status', marker(2))
        const back = new Promise<void>((resolve) => client.once('connect', () => resolve()))
        client.connect()
        await back
        expect(client.recovered).toBe(true)
        await expect.poll(() => received, { timeout: 5_000 }).toEqual([1, 2])
      } finally {
        client.disconnect()
      }
    })
  },
)
