import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { holdingRows, type WireHolding } from '@kabu/shared/api/trade'
import type { Quote } from '@kabu/shared/market/types'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import {
  advance,
  buy,
  lastUnits,
  MINUTE,
  openList,
  sell,
  startTradingApp,
  TOYOTA,
  trader,
} from './trading.support'
import { printQuote } from '../support/prints'

let t: TestApp
let n = 0
const account = () => `spq${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp()
  // The prints here are the test's (match()). Left listening, the matcher filled the orders resting
  // at the last price on the simulator's next print, before the test's own (seen under CI load).
  await t.app.broker.trading.matcher.stop()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

/**
 * Puts Toyota under a bid special quote for the duration of `run`. The simulator reaches this state
 * only after a jump it rarely draws (gateway/src/market/prints.test.ts forces one there), so here
 * the quote the gateway reads is the simulated one with the special quote laid over it.
 */
async function underSpecialQuote(run: (quote: Quote) => Promise<void>) {
  const market = t.app.market
  const snapshot = market.snapshot.bind(market)
  const special = (q: Quote | undefined): Quote | undefined =>
    q?.code === TOYOTA ? { ...q, special: { side: 'bid', price: q.price + 50 } } : q
  market.snapshot = (code) => special(snapshot(code))
  try {
    await run(market.snapshot(TOYOTA)!)
  } finally {
    market.snapshot = snapshot
  }
}

describe('orders under a TSE special quote (特別気配)', () => {
  it('refuses market buys and sells with price_unavailable, writing nothing', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    await advance(t, 16 * MINUTE)
    await underSpecialQuote(async () => {
      expect(await buy(t, g, {})).toMatchObject({ status: 0, msg: 'price_unavailable' })
      expect(await sell(t, g, { id })).toMatchObject({ status: 0, msg: 'price_unavailable' })
    })
    expect(holdingRows(await openList(t, g))).toMatchObject([{ id, status: 0 }])
  })

  it('rests limit orders, even at or above the last price, and fills none on the special quote', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    await advance(t, 16 * MINUTE)
    const last = lastUnits(t, TOYOTA)
    await underSpecialQuote(async (quote) => {
      const buyAnswer = await buy(t, g, { price: formatUnits(last) })
      expect(buyAnswer.status).toBe(1)
      const pending = (buyAnswer.data as { id: string }).id
      const sold = await sell(t, g, { id, price: formatUnits(last) })
      expect(sold.status).toBe(1)
      const open = await openList(t, g)
      expect((open[pending] as WireHolding).status).toBe(2)
      expect((open[id] as WireHolding).status).toBe(1)
      // The quote stream under the special quote carries the last trade's price: nothing crosses.
      expect(await t.app.broker.trading.matcher.match([quote])).toBe(0)
    })
    // Trading resumes with a print at that price: both resting orders fill.
    const resumed = { ...printQuote(t, TOYOTA, Number(last) / 10_000), special: null }
    expect(await t.app.broker.trading.matcher.match([resumed])).toBe(2)
  })
})
