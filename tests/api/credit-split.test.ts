import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@kabu/shared/market/iso-date'
import type { SessionGrant } from '@kabu/shared/api/user'
import { reconcile } from '../../gateway/src/broker/trust/reconciliation'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import {
  action,
  actionsJobAt,
  handClock,
  holdingCost,
  holdingRow,
  hourInto,
  tomorrow,
} from './actions.support'
import { YEN } from './tax.support'
import { books, buy, startTradingApp, TOYOTA, trader, userIdOf } from './trading.support'

/**
 * Issue 36: a reverse split sells a credit long's fraction for cash in lieu as a credit sale of
 * those shares would: the cash repays the fraction's share of the loan (its accrued interest
 * inside) to the house's `credit` book first, the rest to the user; a position left with no whole
 * share repays its whole debt and its realised P/L counts the interest, as a close does.
 */
let t: TestApp
let n = 0
const account = () => `crsp${++n}x${Date.now() % 100000}`
const DAY = 86_400_000

beforeAll(async () => {
  t = await startTradingApp({ ACTIONS_JOB_MS: '3600000', CREDIT_JOB_MS: '3600000' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const row = (id: bigint) => holdingRow(t, id)
const houseCredit = () => t.app.broker.ledger.houseBalance(t.app.db, 'credit', 'JPY')

/** 100 Toyota on credit at 3×, then three days of interest accrued into its debt. */
async function creditLong(g: SessionGrant) {
  const answer = await buy(t, g, { leverage: '3' })
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 })
  const id = BigInt((answer.data as { id: string }).id)
  const start = t.app.clock.now()
  t.app.clock.set(start + 3 * DAY)
  await t.app.broker.trading.creditJobs.runOnce()
  t.app.clock.set(start)
  const h = await row(id)
  expect(h.credit_interest).toBeGreaterThan(0n)
  return h
}

/** A 1-for-`den` Toyota reverse split `days` after tomorrow, at a last close of `close` yen. */
async function reverseSplit(days: number, den: number, close: bigint) {
  const ex = addDays(tomorrow(t), days)
  const split = action({ code: TOYOTA, kind: 'split', exDate: ex, ratio: 1 / den })
  await actionsJobAt(t, handClock(hourInto('jp', ex)), () => [split], Number(close)).runOnce()
}

const saleEvent = async (name: string) =>
  t.app.db
    .selectFrom('tax_events')
    .select(['gain', 'shares'])
    .where('user_id', '=', await userIdOf(t, name))
    .where('kind', '=', 'sale')
    .executeTakeFirstOrThrow()

describe('a reverse split of a credit long', { timeout: 60_000 }, () => {
  it('closes one left with no share: its whole debt repaid, its realised less the interest', async () => {
    const name = account()
    const g = await trader(t, name, undefined, { verified: true })
    const h = await creditLong(g)
    // At the buy price the sale is a loss (the interest): nothing is withheld.
    const close = h.buy_price / YEN
    const paid = 100n * close * YEN
    const [before, houseBefore] = [await books(t, name, 'JPY'), await houseCredit()]
    expect(before.credit).toBe(h.credit_debt)
    await reverseSplit(0, 200, close)

    const after = await row(h.id)
    const realised = paid - holdingCost(h) - h.buy_fee - h.credit_interest
    expect(after).toMatchObject({ status: 4n, credit_debt: 0n, realised, call_deadline: null })
    expect(after.credit_interest).toBe(h.credit_interest)
    expect(await books(t, name, 'JPY')).toMatchObject({
      available: before.available + paid - h.credit_debt,
      credit: 0n,
    })
    expect((await houseCredit()) - houseBefore).toBe(2n * h.credit_debt)
    expect(await saleEvent(name)).toEqual({ gain: realised, shares: 100n })
    expect((await reconcile(t.app.db, t.app.clock.now())).ok).toBe(true)
  })

  it('repays the fraction’s share of the loan from its cash in lieu', async () => {
    const name = account()
    const g = await trader(t, name, undefined, { verified: true })
    const h = await creditLong(g)
    const close = h.buy_price / YEN
    const paid = close * YEN
    // 1 for 3 keeps 33 of 100: the 1 old share left over takes 1/100 of the debt and interest.
    const [debtShare, interestShare] = [h.credit_debt / 100n, h.credit_interest / 100n]
    expect(debtShare).toBeLessThan(paid)
    const [before, houseBefore] = [await books(t, name, 'JPY'), await houseCredit()]
    await reverseSplit(1, 3, close)

    const after = await row(h.id)
    expect(after).toMatchObject({
      status: 0n,
      stock_num: 33n,
      credit_debt: h.credit_debt - debtShare,
      credit_interest: h.credit_interest - interestShare,
    })
    expect(await books(t, name, 'JPY')).toMatchObject({
      available: before.available + paid - debtShare,
      credit: h.credit_debt - debtShare,
    })
    expect((await houseCredit()) - houseBefore).toBe(2n * debtShare)
    const gain = paid - (holdingCost(h) * 1n) / 100n - interestShare
    expect(await saleEvent(name)).toEqual({ gain, shares: 1n })
    expect((await reconcile(t.app.db, t.app.clock.now())).ok).toBe(true)
  })
})
