import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { amend, cancel, holder, orderNow, orders, printToyota } from './orders.support'
import {
  advance,
  buy,
  endedList,
  MINUTE,
  openList,
  priceNear,
  sell,
  startTradingApp,
  TOYOTA,
  trader,
} from './trading.support'

/**
 * Orders of a group (issue 35, API.md "Orders"): an OCO's two legs on one holding end together;
 * an IFD's or IFDOCO's exits wait for their entry and are placed for what it filled.
 */

let t: TestApp
let n = 0
const account = () => `grp${++n}x${Date.now() % 100000}`
const text = formatUnits
const info = (g: SessionGrant, id: string) => orderNow(t, g, id)

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

describe('an OCO on a holding', () => {
  /** An OCO of all `num` shares: take profit at 105 %, stop the loss at 95 %. */
  async function oco(num = '100') {
    const { g, id } = await holder(t, account(), num)
    const take = priceNear(t, TOYOTA, 105)
    const stop = priceNear(t, TOYOTA, 95)
    const form = { id, num, group: 'oco', price: text(take), trigger: text(stop) }
    expect(await sell(t, g, form)).toMatchObject({ status: 1 })
    const legs = (await orders(t, g, 'open')).sort((a, b) => Number(a.id) - Number(b.id))
    return { g, id, take, stop, legs }
  }

  it('is two legs of one group on the holding; the take-profit filling cancels the stop', async () => {
    const { g, id, take, legs } = await oco()
    const [limitLeg, stopLeg] = legs
    expect(limitLeg).toMatchObject({ kind: 'limit', status: 'open', group: 'oco', holding_id: id })
    expect(stopLeg).toMatchObject({ kind: 'stop', status: 'waiting', group: 'oco', holding_id: id })
    expect(stopLeg!.group_id).toBe(limitLeg!.id)
    expect(await printToyota(t, take)).toBe(1)
    expect(await info(g, limitLeg!.id)).toMatchObject({ status: 'filled', avg_price: text(take) })
    expect(await info(g, stopLeg!.id)).toMatchObject({ status: 'cancelled' })
    expect((await endedList(t, g))[id]).toMatchObject({ sell_price: text(take) })
  })

  it('the stop firing cancels the take-profit and sells at the print', async () => {
    const { g, id, stop, legs } = await oco()
    expect(await printToyota(t, stop)).toBe(1)
    expect(await info(g, legs[0]!.id)).toMatchObject({ status: 'cancelled' })
    expect(await info(g, legs[1]!.id)).toMatchObject({ status: 'filled', avg_price: text(stop) })
    expect((await endedList(t, g))[id]).toMatchObject({ sell_price: text(stop) })
  })

  it('cancelling one leg cancels both and the holding is held again', async () => {
    const { g, id, legs } = await oco()
    expect(await cancel(t, g, legs[1]!.id)).toMatchObject({ status: 1 })
    expect(await orders(t, g, 'open')).toEqual([])
    expect((await openList(t, g))[id]).toMatchObject({ status: 0 })
    // Both legs are for the same shares: neither can be lowered alone.
    const again = await oco('200')
    expect((await amend(t, again.g, { id: again.legs[0]!.id, num: '100' })).msg).toBe(
      'invalid_input',
    )
    expect(await info(again.g, again.legs[0]!.id)).toMatchObject({ num: 200, status: 'open' })
    expect(await cancel(t, again.g, again.legs[0]!.id)).toMatchObject({ status: 1 })
  })

  it('is refused when a leg would trade at once', async () => {
    const { g, id } = await holder(t, account())
    const above = text(priceNear(t, TOYOTA, 105))
    const below = text(priceNear(t, TOYOTA, 95))
    const forms: Array<Record<string, string>> = [
      { price: below, trigger: below },
      { price: above, trigger: above },
      { price: above },
      { price: above, trigger: below, kind: 'limit' },
    ]
    for (const form of forms) {
      expect((await sell(t, g, { id, group: 'oco', ...form })).msg).toBe('invalid_input')
    }
    expect((await sell(t, g, { id, price: above, stop_price: below })).msg).toBe('invalid_input')
    expect((await openList(t, g))[id]).toMatchObject({ status: 0 })
  })
})

describe('IFD and IFDOCO', () => {
  const exitsOf = async (g: SessionGrant, entry: string) =>
    (await orders(t, g, 'open'))
      .filter((o) => o.parent_id === entry)
      .sort((a, b) => Number(a.id) - Number(b.id))

  it("places the exit once the entry fills, and sells it once the holding's sell lock has passed", async () => {
    const g = await trader(t, account())
    const entryPrice = priceNear(t, TOYOTA, 96)
    const exitPrice = priceNear(t, TOYOTA, 105)
    const form = { price: text(entryPrice), group: 'ifd', exit_price: text(exitPrice) }
    const { id } = (await buy(t, g, form)).data as { id: string }
    const [exit] = await exitsOf(g, id)
    expect(exit).toMatchObject({ side: 'sell', kind: 'limit', status: 'waiting', group: 'ifd' })
    expect(exit).toMatchObject({ holding_id: null, group_id: id, price: text(exitPrice) })
    expect(await printToyota(t, entryPrice)).toBe(1)
    expect(await info(g, exit!.id)).toMatchObject({ status: 'open', holding_id: id })
    expect((await openList(t, g))[id]).toMatchObject({ status: 1, stock_num: 100 })
    // No sale sooner than any sale may be.
    expect(await printToyota(t, exitPrice)).toBe(0)
    await advance(t, 16 * MINUTE)
    expect(await printToyota(t, exitPrice)).toBe(1)
    expect(await info(g, exit!.id)).toMatchObject({ status: 'filled', avg_price: text(exitPrice) })
    expect((await endedList(t, g))[id]).toMatchObject({ sell_price: text(exitPrice) })
  })

  it('an entry that fills at once starts its OCO exits; cancelling one ends both', async () => {
    const g = await trader(t, account())
    const exitPrice = text(priceNear(t, TOYOTA, 105))
    const exitTrigger = text(priceNear(t, TOYOTA, 95))
    const form = { group: 'ifdoco', exit_price: exitPrice, exit_trigger: exitTrigger }
    const { id } = (await buy(t, g, form)).data as { id: string }
    const [take, stop] = await exitsOf(g, id)
    expect(take).toMatchObject({ kind: 'limit', status: 'open', holding_id: id })
    expect(stop).toMatchObject({ kind: 'stop', status: 'waiting', trigger: exitTrigger })
    expect(await cancel(t, g, take!.id)).toMatchObject({ status: 1 })
    expect(await exitsOf(g, id)).toEqual([])
    expect((await openList(t, g))[id]).toMatchObject({ status: 0 })
  })

  it('cancelling an entry that has not filled cancels its exits', async () => {
    const g = await trader(t, account())
    const form = {
      price: text(priceNear(t, TOYOTA, 96)),
      group: 'ifdoco',
      exit_price: text(priceNear(t, TOYOTA, 105)),
      exit_trigger: text(priceNear(t, TOYOTA, 93)),
    }
    const { id } = (await buy(t, g, form)).data as { id: string }
    expect(await exitsOf(g, id)).toHaveLength(2)
    expect(await cancel(t, g, id)).toMatchObject({ status: 1 })
    expect(await orders(t, g, 'open')).toEqual([])
    const done = await orders(t, g, 'done')
    expect(done.map((o) => o.status)).toEqual(['cancelled', 'cancelled', 'cancelled'])
  })

  it("refuses exits that do not fit the group, and a credit buy's", async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    const above = text(priceNear(t, TOYOTA, 105))
    const below = text(priceNear(t, TOYOTA, 95))
    const forms: Array<Record<string, string>> = [
      { group: 'ifd' },
      { group: 'ifd', exit_price: above, exit_trigger: below },
      { group: 'ifdoco', exit_price: above },
      { group: 'ifdoco', exit_price: below, exit_trigger: above },
      { group: 'ifd', exit_price: above, leverage: '2' },
      { exit_price: above },
    ]
    for (const form of forms) expect((await buy(t, g, form)).msg).toBe('invalid_input')
    expect(await orders(t, g, 'open')).toEqual([])
  })
})
