import { listingByCode } from '@kabu/shared/market/listings/index'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { QuoteDemand } from './demand'
import type { StreamFeed } from './stream-feed'
import { createStreamSource } from './stream-source'

const faults = {
  staleAfterMs: 5_000,
  breakerFailures: 5,
  breakerCoolDownMs: 1_000,
  baseBackoffMs: 10,
  maxBackoffMs: 100,
}
const turn = () => new Promise((resolve) => setImmediate(resolve))

/** A feed that registers anything at once and pushes nothing: what the proxy asks of it. */
function quietFeed(registered: string[][]): StreamFeed {
  return {
    kind: 'kabustation',
    label: 'test',
    owns: (listing) => listing.market === 'jp',
    symbolLimit: 50,
    snapshotSlots: 1,
    snapshotEveryMs: 60_000,
    connect: async () => ({
      subscribe: async (codes) => void registered.push([...codes]),
      unsubscribe: async () => {},
      close: () => {},
    }),
  }
}

describe('the streaming proxy under a burst of subscriptions', () => {
  let stop = () => {}
  afterEach(() => stop())

  it('plans at most once per gap while phones subscribe turn after turn, and registers them all', async () => {
    const demand = new QuoteDemand({ graceMs: 1_000, brokerEveryMs: 60_000, onError: () => {} })
    let plans = 0
    const plan = demand.plan.bind(demand)
    demand.plan = (owns, limit) => {
      plans++
      return plan(owns, limit)
    }
    const registered: string[][] = []
    const source = createStreamSource(quietFeed(registered), faults, {
      demand,
      listing: listingByCode,
      logger: pino({ level: 'silent' }),
      trading: () => true,
    })
    source.start()
    stop = () => source.stop()
    await new Promise((resolve) => setTimeout(resolve, 20))
    plans = 0
    // Forty phones, one a turn (as socket.io hands them over).
    const started = performance.now()
    for (let i = 0; i < 40; i++) {
      demand.watch(['7203', '6758', '9984'])
      await turn()
    }
    // One plan a gap at most (a slow machine may stretch the forty turns over more than one).
    expect(plans).toBeLessThanOrEqual(1 + Math.ceil((performance.now() - started) / 100))
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(registered.flat().sort()).toEqual(['6758', '7203', '9984'])
  })
})
