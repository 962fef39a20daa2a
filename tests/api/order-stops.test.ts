import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { tickUnitsAt } from '@kabu/shared/market/ticks'
import type { Listing } from '@kabu/shared/market/types'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { SessionGrant } from '@kabu/shared/api/user'
import { startTestApp, type TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { takeOverQuotes } from '../support/quote-feed'
import { OPS_TOKEN, ops } from './ops-client'
import { amend, cancel, holder, orderNow, orders, printToyota } from './orders.support'
import {
  books,
  buy,
  endedList,
  feeOf,
  lastUnits,
  openList,
  priceNear,
  sell,
  START,
  TOYOTA,
  trader,
} from './trading.support'

/**
 * Stops, stop-limits and trailing stops (逆指値, issue 35, API.md "Orders"): a stop the price has
 * already reached fires at once; one it has not waits with its cash frozen (a buy) or its holding
 * held for the sale (a sell), and the first print that reaches it fires it on the server as the
 * market or limit order it becomes, with a new order's checks.
 */

let t: TestApp
let n = 0
const account = () => `stp${++n}x${Date.now() % 100000}`
const toyota = listingByCode(TOYOTA) as Listing
const tick = (units: bigint) => BigInt(tickUnitsAt(toyota, Number(units)))
const text = formatUnits

beforeAll(async () => {
  // Only the test's prints reach the matcher: a live print between two of them would cross the
  // orders they leave resting above the market (a stop-limit's limit) before the test's own did.
  t = await startTestApp({
    env: { TIME_TRAVEL: '1', OPS_TOKEN },
    beforeStart: (app) => void takeOverQuotes(app.market),
  })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const info = (g: SessionGrant, id: string) => orderNow(t, g, id)
const holding = () => holder(t, account())
const limitUp = () => BigInt(Math.round(t.app.market.snapshot(TOYOTA)!.limitUp! * 10_000))

describe('a stop buy (逆指値)', () => {
  it('fires at once when the price is already at or above its trigger', async () => {
    const g = await trader(t, account())
    const trigger = lastUnits(t, TOYOTA) - tick(lastUnits(t, TOYOTA))
    const answer = await buy(t, g, { kind: 'stop', trigger: text(trigger) })
    const { id } = answer.data as { id: string }
    const o = await info(g, id)
    expect(o).toMatchObject({ kind: 'stop', trigger: text(trigger), price: null })
    expect(o).toMatchObject({ status: 'filled', filled_num: 100, holding_id: id })
  })

  it('waits with cash frozen at the upper limit; the print that reaches it buys at that print', async () => {
    const g = await trader(t, account())
    const trigger = priceNear(t, TOYOTA, 105)
    const { id } = (await buy(t, g, { kind: 'stop', trigger: text(trigger) })).data as {
      id: string
    }
    const ceiling = limitUp() * 100n
    const frozen = ceiling + feeOf(ceiling)
    expect(await info(g, id)).toMatchObject({ status: 'waiting', trigger: text(trigger) })
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START - frozen, frozen })
    // Not owned, and a print under the trigger fires nothing.
    expect((await openList(t, g))[id]).toMatchObject({ status: 2 })
    expect(await printToyota(t, trigger - tick(trigger))).toBe(0)
    expect(await printToyota(t, trigger)).toBe(1)
    const cost = trigger * 100n
    const filled = await info(g, id)
    expect(filled).toMatchObject({ status: 'filled', avg_price: text(trigger), holding_id: id })
    expect(filled.fills).toMatchObject([{ num: 100, price: text(trigger) }])
    expect(await books(t, g.account, 'JPY')).toMatchObject({
      available: START - cost - feeOf(cost),
      frozen: 0n,
    })
  })

  it('is refused when it fires for a user barred from trading, and its cash is free again', async () => {
    const g = await trader(t, account())
    const trigger = priceNear(t, TOYOTA, 105)
    const { id } = (await buy(t, g, { kind: 'stop', trigger: text(trigger) })).data as {
      id: string
    }
    expect((await ops(t.url, 'POST', `/users/${g.account}/bar-trading`)).status).toBe(1)
    expect(await printToyota(t, trigger)).toBe(1)
    const o = (await orders(t, g, 'done')).find((row) => row.id === id)
    expect(o).toMatchObject({ status: 'refused', refusal: 'trading_barred', filled_num: 0 })
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
  })

  it('moves with an amended trigger and lets go of its cash when cancelled', async () => {
    const g = await trader(t, account())
    const first = priceNear(t, TOYOTA, 106)
    const { id } = (await buy(t, g, { kind: 'stop', trigger: text(first) })).data as {
      id: string
    }
    const lower = priceNear(t, TOYOTA, 104)
    expect(await amend(t, g, { id, trigger: text(lower) })).toMatchObject({ status: 1 })
    expect(await info(g, id)).toMatchObject({ status: 'waiting', trigger: text(lower) })
    // A stop has no limit to amend.
    expect((await amend(t, g, { id, price: text(lower) })).msg).toBe('invalid_input')
    expect(await cancel(t, g, id)).toMatchObject({ status: 1, msg: 'cancel_ok' })
    expect(await printToyota(t, first)).toBe(0)
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
  })
})

describe('a stop-limit buy', () => {
  it('rests at its limit when the print that fires it is above the limit, and fills at a later one', async () => {
    const g = await trader(t, account())
    const trigger = priceNear(t, TOYOTA, 105)
    const limit = priceNear(t, TOYOTA, 104)
    const form = { kind: 'stop_limit', trigger: text(trigger), price: text(limit) }
    const { id } = (await buy(t, g, form)).data as { id: string }
    const frozen = limit * 100n + feeOf(limit * 100n)
    expect(await books(t, g.account, 'JPY')).toMatchObject({ frozen })
    expect(await printToyota(t, trigger)).toBe(1)
    expect(await info(g, id)).toMatchObject({ kind: 'stop_limit', status: 'open' })
    expect(await printToyota(t, limit)).toBe(1)
    expect(await info(g, id)).toMatchObject({ status: 'filled', avg_price: text(limit) })
  })
})

describe('a stop sell on a holding', () => {
  it('holds the holding for the sale and sells at the print that falls to its trigger', async () => {
    const { g, id } = await holding()
    const trigger = priceNear(t, TOYOTA, 95)
    const answer = await sell(t, g, { id, kind: 'stop', trigger: text(trigger) })
    expect(answer).toMatchObject({ status: 1 })
    const [waiting] = await orders(t, g, 'open')
    expect(waiting).toMatchObject({ side: 'sell', kind: 'stop', status: 'waiting', holding_id: id })
    expect((await openList(t, g))[id]).toMatchObject({ status: 1 })
    expect(await printToyota(t, trigger + tick(trigger))).toBe(0)
    expect(await printToyota(t, trigger)).toBe(1)
    expect(await info(g, waiting!.id)).toMatchObject({ status: 'filled', avg_price: text(trigger) })
    expect((await endedList(t, g))[id]).toMatchObject({ sell_price: text(trigger) })
  })
})

describe('a trailing stop sell', () => {
  it('follows the best price by its trail and sells when the price comes back by it', async () => {
    const { g, id } = await holding()
    const last = lastUnits(t, TOYOTA)
    const trail = 10n * tick(last)
    await sell(t, g, { id, kind: 'trailing', trail: text(trail) })
    const [waiting] = await orders(t, g, 'open')
    expect(waiting).toMatchObject({ kind: 'trailing', status: 'waiting', trail: text(trail) })
    const best = BigInt(Math.round(Number(waiting!.trigger) * 10_000)) + trail + 5n * tick(last)
    expect(await printToyota(t, best)).toBe(0)
    // The trigger has risen with the best price and is written where the list shows it.
    expect(await info(g, waiting!.id)).toMatchObject({ trigger: text(best - trail) })
    expect(await printToyota(t, best - trail + tick(best))).toBe(0)
    expect(await printToyota(t, best - trail)).toBe(1)
    expect(await info(g, waiting!.id)).toMatchObject({
      status: 'filled',
      avg_price: text(best - trail),
    })
  })
})

describe("an order kind's fields", () => {
  it('are each required and nothing else is taken', async () => {
    const g = await trader(t, account())
    const p = text(priceNear(t, TOYOTA, 105))
    const forms: Array<Record<string, string>> = [
      { kind: 'stop' },
      { kind: 'stop', trigger: p, price: p },
      { kind: 'stop_limit', trigger: p },
      { kind: 'trailing' },
      { kind: 'trailing', trail: p, trigger: p },
      { kind: 'limit' },
      { kind: 'market', price: p },
      { trigger: p },
    ]
    const refusals = await Promise.all(forms.map(async (form) => (await buy(t, g, form)).msg))
    expect(refusals).toEqual(Array(8).fill('invalid_input'))
    // A credit buy borrows as it buys, so it never waits.
    const credit = await buy(t, g, { kind: 'stop', trigger: p, leverage: '2' })
    expect(credit.msg).toBe('credit_market_only')
    expect(await books(t, g.account, 'JPY')).toMatchObject({ available: START, frozen: 0n })
  })
})
