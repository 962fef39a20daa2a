import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { tickUnitsAt } from '@kabu/shared/market/ticks'
import type { Quote } from '@kabu/shared/market/types'
import { formatUnits } from '@kabu/shared/money/decimal'
import { createMatcher } from '../../gateway/src/broker/trading/matcher'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { printQuote } from '../support/prints'
import {
  advance,
  buy,
  endedList,
  MINUTE,
  openList,
  restingLimit,
  sell,
  startTradingApp,
  TOYOTA,
  trader,
} from './trading.support'

let t: TestApp
let n = 0
const account = () => `mps${++n}x${Date.now() % 100000}`
const toyota = listingByCode(TOYOTA)!

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

/**
 * A second matcher on the app's store whose quote stream the test holds: it hands batches to the
 * matcher's listener one after another, as the market does, without waiting for a pass to end.
 */
function heldMatcher() {
  let feed: ((quotes: Quote[]) => void) | undefined
  const matcher = createMatcher({
    db: t.app.db,
    clock: t.app.clock,
    ledger: t.app.broker.ledger,
    tax: t.app.broker.tax.book,
    settings: t.app.config.trading,
    nisa: t.app.broker.accounts.nisaBook,
    userEvents: { emit: () => undefined },
    onError: (error) => {
      throw error
    },
    // No user here has frozen their own trading.
    selfFrozen: () => Promise.resolve(false),
    market: {
      listing: (code) => t.app.market.listing(code),
      snapshot: (code) => t.app.market.snapshot(code),
      onQuotes: (listener) => {
        feed = listener
        return () => (feed = undefined)
      },
    },
  })
  matcher.start()
  const at = (units: bigint): Quote => printQuote(t, TOYOTA, Number(units) / 10_000)
  return { matcher, print: (units: bigint) => feed!([at(units)]) }
}

const tick = (units: bigint) => BigInt(tickUnitsAt(toyota, Number(units)))

describe('the matcher and prints that arrive during a pass', () => {
  it('fills a resting buy at a print that came while the pass before it ran', async () => {
    const g = await trader(t, account())
    const limit = restingLimit(t)
    const { id } = (await buy(t, g, { price: formatUnits(limit) })).data as { id: string }
    const { matcher, print } = heldMatcher()
    const below = limit - tick(limit - 1n)
    print(limit + tick(limit)) // a pass starts and finds nothing to fill
    print(below) // arrives while that pass runs
    print(limit + tick(limit)) // the price is back above the limit
    await matcher.stop() // waits for every pass in flight
    const row = (await openList(t, g))[id] as { status: number; buy_price: string }
    expect(row.status).toBe(0)
    expect(row.buy_price).toBe(formatUnits(below))
  })

  it('closes a resting sell at a print that came while the pass before it ran', async () => {
    const g = await trader(t, account())
    const { id } = (await buy(t, g, {})).data as { id: string }
    await advance(t, 16 * MINUTE)
    const limit = BigInt(Math.round(t.app.market.snapshot(TOYOTA)!.limitUp! * 10_000))
    expect((await sell(t, g, { id, price: formatUnits(limit) })).status).toBe(1)
    const { matcher, print } = heldMatcher()
    print(limit - tick(limit - 1n))
    print(limit)
    print(limit - tick(limit - 1n))
    await matcher.stop()
    expect((await endedList(t, g))[id]).toMatchObject({ status: 4, sell_price: formatUnits(limit) })
  })
})
