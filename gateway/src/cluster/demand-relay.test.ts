import { randomUUID } from 'node:crypto'
import pino from 'pino'
import { createClient } from 'redis'
import { afterEach, describe, expect, it } from 'vitest'
import { createDemandRelay, type DemandRelay } from './demand-relay'

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL
const logger = pino({ level: 'silent' })
const REFRESH_MS = 100

/** A gateway's market as the demand relay sees it: what its phones watch, what others' do. */
function gatewayMarket(watched: Record<string, number>) {
  const heard: Array<Record<string, number>> = []
  return {
    heard,
    last: () => heard.at(-1),
    market: {
      watched: () => new Map(Object.entries(watched)),
      watchedElsewhere: (watchers: ReadonlyMap<string, number>) =>
        heard.push(Object.fromEntries(watchers)),
    },
  }
}

describe.skipIf(!redisUrl)('demand relay through Redis (skipped: set TEST_REDIS_URL)', () => {
  const relays: DemandRelay[] = []
  const start = async (prefix: string, market: ReturnType<typeof gatewayMarket>, lead: boolean) => {
    const relay = createDemandRelay({
      url: redisUrl!,
      prefix,
      market: market.market,
      leading: () => lead,
      refreshMs: REFRESH_MS,
      logger,
    })
    relays.push(relay)
    await relay.start()
    return relay
  }
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()))
  })

  it('hands the leader what the followers’ phones watch, summed, and lets a gateway’s codes go when it stops', async () => {
    const prefix = `demand-${randomUUID()}`
    const leader = gatewayMarket({ '7203': 5 })
    const first = gatewayMarket({ '6501': 2, '7203': 1 })
    const second = gatewayMarket({ '6501': 1 })
    await start(prefix, leader, true)
    await start(prefix, first, false)
    const secondRelay = await start(prefix, second, false)
    // The leader's own phones are its own demand's already: not counted again.
    await expect.poll(leader.last, { timeout: 2_000 }).toEqual({ '6501': 3, '7203': 1 })
    // A follower reads nothing: only the leader's demand counts.
    expect(first.heard).toEqual([])

    await secondRelay.stop()
    await expect.poll(leader.last, { timeout: 2_000 }).toEqual({ '6501': 2, '7203': 1 })
  })

  it('releases the codes of a gateway that died once its key expires', async () => {
    const prefix = `demand-${randomUUID()}`
    const leader = gatewayMarket({})
    await start(prefix, leader, true)
    // A gateway's last write before it died (kill -9: nothing withdrawn), as the relay writes it.
    const redis = createClient({ url: redisUrl! })
    await redis.connect()
    try {
      await redis
        .multi()
        .set(`${prefix}:wanted:dead`, JSON.stringify({ '9984': 1 }), { PX: 3 * REFRESH_MS })
        .sAdd(`${prefix}:wanted`, 'dead')
        .publish(`${prefix}:wanted`, 'dead')
        .exec()
      await expect.poll(leader.last, { timeout: 2_000 }).toEqual({ '9984': 1 })
      await expect.poll(leader.last, { timeout: 2_000 }).toEqual({})
      await expect
        .poll(() => redis.sMembers(`${prefix}:wanted`), { timeout: 2_000 })
        .not.toContain('dead')
    } finally {
      await redis.close()
    }
  })
})
