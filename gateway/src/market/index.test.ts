import type { Quote } from '@kabu/shared/market/types'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { createMarket, type MarketService } from './index'

const logger = pino({ level: 'silent' })
let market: MarketService | undefined
afterEach(() => market?.stop())

const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('market service', () => {
  it('publishes prints once started, says it is live, and stops', async () => {
    market = createMarket({ clock: { now: Date.now }, seed: 1, marketHours: 'always', logger })
    expect(market.status()).toMatchObject({ state: 'stale', source: 'simulator', simulated: true })
    const received: Quote[] = []
    const off = market.onQuotes((quotes) => received.push(...quotes))
    market.start()
    await waitFor(2_000)
    expect(received.length).toBeGreaterThan(0)
    expect(market.status().state).toBe('live')
    expect(market.status().lag).toBeLessThan(60_000)
    off()
    const before = received.length
    await waitFor(600)
    expect(received.length).toBe(before)
    market.stop()
    expect(market.status().state).toBe('stale')
  })

  it('keeps publishing when a listener throws', async () => {
    market = createMarket({ clock: { now: Date.now }, seed: 1, marketHours: 'always', logger })
    let calls = 0
    market.onQuotes(() => {
      throw new Error('a broken listener')
    })
    market.onQuotes(() => calls++)
    market.start()
    await waitFor(1_500)
    expect(calls).toBeGreaterThan(0)
  })

  it('is closed on a Saturday with real hours, and answers lookups', () => {
    const saturday = Date.parse('2026-03-14T03:00:00Z')
    market = createMarket({ clock: { now: () => saturday }, seed: 1, marketHours: 'real', logger })
    market.start()
    expect(market.status().state).toBe('closed')
    expect(market.snapshot('nope')).toBeUndefined()
    expect(market.snapshot('aapl')?.code).toBe('AAPL')
    expect(market.snapshots(['7203', 'nope', 'N225']).map((q) => q.code)).toEqual(['7203', 'N225'])
    expect(market.indices().every((q) => q.kind === 'index' && q.volume === 0)).toBe(true)
    expect(market.bars('nope', '1d')).toEqual([])
    expect(market.search('toyota')[0]?.code).toBe('7203')
    const cap = market.rank('jp', 'cap', 3)
    expect(cap).toHaveLength(3)
    expect(cap.every((q) => q.kind === 'stock' && q.market === 'jp')).toBe(true)
  })

  it('follows a clock that jumps forward, quickly', async () => {
    let now = Date.parse('2026-03-10T01:00:00Z')
    market = createMarket({ clock: { now: () => now }, seed: 2, marketHours: 'real', logger })
    const before = market.snapshot('7203')!
    const received: Quote[] = []
    market.onQuotes((quotes) => received.push(...quotes))
    market.start()
    now += 7 * 86_400_000
    await waitFor(1_000)
    const after = market.snapshot('7203')!
    expect(after.seq).toBeGreaterThan(before.seq)
    expect(received.some((q) => q.code === '7203')).toBe(true)
    const days = market.bars('7203', '1d')
    expect(days.at(-1)!.time).toBe(Date.parse('2026-03-17T00:00:00Z') / 1000)
  })
})
