import { LISTINGS } from '@kabu/shared/market/listings/index'
import type { Quote } from '@kabu/shared/market/types'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClock } from '../clock'
import { createMarket, type MarketService } from './index'
import { FAKE_MAPPING, startFakeEndpoint } from './sources/fake-endpoint.fixture'
import { pollMappingSchema } from './sources/poll-mapping'

const codes = LISTINGS.map((l) => l.code)
// Prints played so far over the hand-made listings.
const printed = () => market.snapshots(codes).reduce((sum, q) => sum + q.seq, 0)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let endpoint: Awaited<ReturnType<typeof startFakeEndpoint>>
let market: MarketService
const heard: Quote[] = []

beforeAll(async () => {
  endpoint = await startFakeEndpoint()
  market = createMarket({
    clock: createClock(),
    seed: 1,
    marketHours: 'always',
    logger: pino({ level: 'silent' }),
    quoteSources: [
      {
        kind: 'poll',
        url: endpoint.url,
        mapping: pollMappingSchema.parse(FAKE_MAPPING),
        intervalMs: 50,
        timeoutMs: 200,
        staleAfterMs: 400,
        breakerFailures: 3,
        breakerCoolDownMs: 500,
        maxBackoffMs: 100,
      },
    ],
  })
  market.onQuotes((quotes) => heard.push(...quotes))
})

afterAll(async () => {
  market.stop()
  await endpoint.close()
})

// One story, in order: a follower of a cluster (issue 16), then the leader it becomes, then a
// follower again. A lone gateway's market prints from the start (every other test of the market).
describe('a market that does not print (a follower of a cluster)', () => {
  it('fetches nothing and prints nothing, while its simulator plays on and stays live', async () => {
    market.printing(false)
    market.start()
    const before = printed()
    await sleep(1_500)
    expect(endpoint.requests).toBe(0)
    expect(heard).toEqual([])
    // The simulator played on (its bars, depth and tape move): the hand-made codes printed.
    expect(printed()).toBeGreaterThan(before)
    const status = market.status()
    expect(status.state).toBe('live')
    expect(status.realSources?.[0]).toMatchObject({ source: 'poll', state: 'stale' })
  })

  it('polls and prints once it prints, the simulator’s quotes and the real source’s', async () => {
    market.printing(true)
    await expect.poll(() => market.snapshot('7203')?.price, { timeout: 2_000 }).toBe(2500.5)
    await expect.poll(() => heard.some((q) => q.code === '7203'), { timeout: 2_000 }).toBe(true)
    await expect.poll(() => heard.some((q) => q.code !== '7203'), { timeout: 10_000 }).toBe(true)
    expect(market.status().realSources?.[0]?.state).toBe('live')
    expect(market.isStale('7203')).toBe(false)
  })

  it('stops polling and printing when it stops printing again', async () => {
    market.printing(false)
    await sleep(200)
    const requests = endpoint.requests
    heard.length = 0
    await sleep(1_500)
    expect(endpoint.requests).toBe(requests)
    expect(heard).toEqual([])
    expect(market.status().state).toBe('live')
  })
})
