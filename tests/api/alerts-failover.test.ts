import type { AlertItem, AlertsPage } from '@kabu/shared/api/alerts'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Quote } from '@kabu/shared/market/types'
import type { UserEvent } from '@kabu/shared/realtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO } from '../support/app'
import { brokerApi, brokerData, session } from '../support/broker'
import { freshDatabase, type TestDatabase } from '../support/db'
import { clusterEnv, spawnGateway, type GatewayProcess } from '../support/gateway-process'
import { userSocket } from './ops-user-socket'

/**
 * Issue 37's proof across a failover: two gateways (processes of their own) on one PostgreSQL and
 * one Redis. Alerts added on the follower are fired by the leader's watcher, each told once on the
 * `/user` socket of the follower; the leader is killed (-9) and the follower, now leading, reads
 * the alerts afresh: none of those that fired fires again, while a new one fires on it.
 */
const databaseUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL
const CODE = '7203'

const roleOf = async (url: string) =>
  ((await (await fetch(`${url}/health`)).json()) as { role: string }).role

describe.skipIf(!databaseUrl || !redisUrl)(
  'alerts across a leader failover (skipped: set TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let database: TestDatabase
    let first: GatewayProcess | undefined
    let second: GatewayProcess | undefined

    beforeAll(async () => {
      database = await freshDatabase()
      const env = { ...clusterEnv(database, 'alerts-failover', redisUrl!), DEMO: '1' }
      first = await spawnGateway(env)
      second = await spawnGateway(env)
    }, 300_000)

    afterAll(async () => {
      await Promise.all([first?.kill9(), second?.stop()])
      await database?.drop()
    })

    it('fires each crossing once, before and after the lead moves', async () => {
      expect(await roleOf(first!.url)).toBe('leader')
      const url = second!.url
      const demo = await brokerData<SessionGrant>(url, '/user/login', DEMO)
      const { socket, events } = await userSocket(url, demo, ['alert:triggered'])
      const fired = (id: string) =>
        events.filter((e: UserEvent) => e.type === 'alert:triggered' && e.id === id).length
      const alerts = async () =>
        (await brokerData<AlertsPage>(url, '/user/alerts', { page: '1' }, session(demo))).list
      const byId = async (id: string) => (await alerts()).find((a) => a.id === id) as AlertItem
      const add = async (repeat: '0' | '1') => {
        const res = await fetch(`${url}/api/market/snapshot?codes=${CODE}`)
        const [quote] = ((await res.json()) as { data: Quote[] }).data
        // Far above the price: true at once, and for the rest of the test.
        const value = String(Math.round(quote!.price * 3))
        const answer = await brokerApi(
          url,
          '/user/alertAdd',
          { code: CODE, kind: 'price_below', value, repeat },
          session(demo),
        )
        expect(answer).toMatchObject({ status: 1 })
        return (answer.data as { id: string }).id
      }
      try {
        const once = await add('0')
        const again = await add('1')
        await expect
          .poll(() => fired(once) + fired(again), { timeout: 20_000, interval: 200 })
          .toBe(2)
        expect(await byId(once)).toMatchObject({ status: 'triggered', fired: 1 })
        expect(await byId(again)).toMatchObject({ status: 'active', armed: false, fired: 1 })

        await first!.kill9()
        await expect.poll(() => roleOf(url), { timeout: 10_000, interval: 100 }).toBe('leader')
        // The new leader watches: an alert added now fires on it, after it read the table.
        const after = await add('0')
        await expect.poll(() => fired(after), { timeout: 20_000, interval: 200 }).toBe(1)
        // A few more passes of the new leader's market.
        await new Promise((resolve) => setTimeout(resolve, 3_000))
        expect([fired(once), fired(again), fired(after)]).toEqual([1, 1, 1])
        expect(await byId(once)).toMatchObject({ fired: 1 })
        expect(await byId(again)).toMatchObject({ fired: 1, armed: false })
      } finally {
        socket.close()
      }
    }, 120_000)
  },
)
