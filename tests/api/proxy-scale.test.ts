import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase, type TestDatabase } from '../support/db'
import { clusterEnv, spawnGateway, type GatewayProcess } from '../support/gateway-process'
import { startHaproxy, type Haproxy } from '../support/haproxy'
import { quotePhone, type QuotePhone } from '../support/quote-phone'

/**
 * docker/compose.scale.yaml's topology without Docker, on every PostgreSQL run: HAProxy with
 * docker/haproxy.cfg (only its servers and ports made local) in front of two gateways on one
 * PostgreSQL and Redis. Through the one port: both gateways take requests; a phone's WebSocket is
 * upgraded and kept; a phone on long-polling stays on the gateway that holds its session (the
 * cookie); kill -9 of the leader takes it out of rotation by the health check, the other leads,
 * and a phone that reconnects through the proxy gets ticks again.
 */
const databaseUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL
const haproxyInstalled = spawnSync('haproxy', ['-v']).status === 0
const health = async (url: string) =>
  (await (await fetch(`${url}/health`)).json()) as { role: string }

describe.skipIf(!databaseUrl || !redisUrl || !haproxyInstalled)(
  'HAProxy in front of two gateways (skipped: needs TEST_DATABASE_URL, TEST_REDIS_URL and haproxy)',
  () => {
    let database: TestDatabase
    let first: GatewayProcess | undefined
    let second: GatewayProcess | undefined
    let proxy: Haproxy | undefined
    const phones: QuotePhone[] = []

    beforeAll(async () => {
      database = await freshDatabase()
      const env = {
        ...clusterEnv(database, 'proxy', redisUrl!),
        // As compose.scale.yaml sets it: the proxy is the one hop whose X-Forwarded-For counts.
        TRUST_PROXY: '1',
      }
      // One after the other: the first migrates the empty schema and takes the lead.
      first = await spawnGateway(env)
      second = await spawnGateway(env)
      proxy = await startHaproxy([first.url, second.url])
    }, 300_000)

    afterAll(async () => {
      for (const phone of phones) phone.disconnect()
      await proxy?.stop()
      await Promise.all([first?.kill9(), second?.stop()])
      await database?.drop()
    })

    it('spreads requests over both gateways through one port', async () => {
      // Both in rotation once their first health checks pass.
      await expect
        .poll(() => proxy!.statuses(), { timeout: 15_000, interval: 250 })
        .toEqual({ gw1: 'UP', gw2: 'UP' })
      const roles = new Set<string>()
      for (let i = 0; i < 10; i++) roles.add((await health(proxy!.url)).role)
      expect([...roles].sort()).toEqual(['follower', 'leader'])
    })

    it('upgrades a WebSocket and pins a long-polling phone to its gateway; both get ticks', async () => {
      const ws = quotePhone(proxy!.url, 'websocket')
      const polling = quotePhone(proxy!.url, 'polling')
      phones.push(ws.socket, polling.socket)
      await expect
        .poll(() => Math.min(ws.ticks.length, polling.ticks.length), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(5)
      expect(ws.socket.io.engine.transport.name).toBe('websocket')
      expect(polling.socket.io.engine.transport.name).toBe('polling')
      // Unpinned, a poll landing on the other gateway ends the session ("Session ID unknown").
      expect(ws.errors).toEqual([])
      expect(polling.errors).toEqual([])
    }, 60_000)

    it('takes a killed leader out of rotation; the other leads and phones get ticks again', async () => {
      const phone = quotePhone(proxy!.url, 'websocket')
      phones.push(phone.socket)
      await expect.poll(() => phone.ticks.length, { timeout: 30_000 }).toBeGreaterThan(0)
      await first!.kill9()
      // Two failed checks 2 s apart: out within ~4 s (the comment in haproxy.cfg).
      await expect
        .poll(async () => (await proxy!.statuses()).gw1, { timeout: 10_000, interval: 250 })
        .toMatch(/^DOWN/)
      // The survivor takes the lock within 5 s; every request through the proxy reaches it.
      await expect
        .poll(async () => (await health(proxy!.url)).role, { timeout: 10_000, interval: 250 })
        .toBe('leader')
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${proxy!.url}/health`)
        expect(res.status).toBe(200)
      }
      const before = phone.ticks.length
      await expect
        .poll(() => phone.ticks.length - before, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(5)
      expect(phone.socket.connected).toBe(true)
    }, 90_000)
  },
)
