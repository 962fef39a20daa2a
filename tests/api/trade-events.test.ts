import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SessionGrant } from '@kabu/shared/api/user'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { roundUnitsToTick, tickUnitsAt } from '@kabu/shared/market/ticks'
import type { Listing } from '@kabu/shared/market/types'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { eventually, userSocket } from './ops-user-socket'
import {
  advance,
  buy,
  endedList,
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
const account = () => `tev${++n}x${Date.now() % 100000}`
const toyota = listingByCode(TOYOTA) as Listing

beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

/** A `/user` socket that records `trade:updated`. */
async function tradeSocket(grant: SessionGrant) {
  const { socket, events } = await userSocket(t.url, grant, ['trade:updated'])
  return { socket, updates: events }
}

/** A limit 5 % under the market (at least the limit-down price): it rests as status 2. */
function restingLimit(): bigint {
  const down = Math.round(t.app.market.snapshot(TOYOTA)!.limitDown! * 10_000)
  const target = Number((lastUnits(t, TOYOTA) * 95n) / 100n)
  return BigInt(Math.max(down, roundUnitsToTick(toyota, target, 'down')))
}

describe('trade:updated on /user', () => {
  it('tells only the order owner, after commit, that a resting limit buy filled', async () => {
    const alice = await trader(t, account())
    const bob = await trader(t, account())
    const a = await tradeSocket(alice)
    const b = await tradeSocket(bob)
    try {
      const limit = restingLimit()
      const answer = await buy(t, alice, { price: formatUnits(limit) })
      const { id } = answer.data as { id: string }
      expect((await openList(t, alice))[id]).toMatchObject({ status: 2 })
      expect(a.updates).toEqual([]) // placing the order is the user's own act: no push

      const print = limit - BigInt(tickUnitsAt(toyota, Number(limit) - 1))
      const quote = printQuote(t, TOYOTA, Number(print) / 10_000)
      expect(await t.app.broker.trading.matcher.match([quote])).toBe(1)

      await eventually(() => a.updates.length > 0)
      expect(a.updates).toEqual([{ type: 'trade:updated', id, status: 0 }])
      // What the event announces is already readable: the fill committed before the push.
      expect((await openList(t, alice))[id]).toMatchObject({ status: 0 })

      // Nothing left to fill: a second pass neither fills nor announces again.
      expect(await t.app.broker.trading.matcher.match([quote])).toBe(0)
      await new Promise((r) => setTimeout(r, 100))
      expect(a.updates).toHaveLength(1)
      expect(b.updates).toEqual([])
    } finally {
      a.socket.close()
      b.socket.close()
    }
  })

  it('announces a resting limit sell that the market reaches as closed (4)', async () => {
    const carol = await trader(t, account())
    const c = await tradeSocket(carol)
    try {
      const { id } = (await buy(t, carol, {})).data as { id: string }
      await advance(t, 16 * MINUTE)
      const quote = t.app.market.snapshot(TOYOTA)!
      const limit = BigInt(Math.round(quote.limitUp! * 10_000))
      expect((await sell(t, carol, { id, price: formatUnits(limit) })).status).toBe(1)
      expect(c.updates).toEqual([]) // market buy and resting sell were the user's own acts

      const up = printQuote(t, TOYOTA, quote.limitUp!)
      expect(await t.app.broker.trading.matcher.match([up])).toBe(1)
      await eventually(() => c.updates.length > 0)
      expect(c.updates).toEqual([{ type: 'trade:updated', id, status: 4 }])
      expect((await endedList(t, carol))[id]).toMatchObject({ status: 4 })
    } finally {
      c.socket.close()
    }
  })
})
