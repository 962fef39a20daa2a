import { deriveAssets } from '@kabu/shared/assets'
import type { BlockOrder } from '@kabu/shared/api/block'
import type { WireCreditRequest } from '@kabu/shared/api/credit'
import type { WithdrawalRecord } from '@kabu/shared/api/funds'
import type { IpoApplication } from '@kabu/shared/api/ipo'
import type { ProductOrder } from '@kabu/shared/api/follow'
import { holdingRows, type ClosedHoldingList, type HoldingList } from '@kabu/shared/api/trade'
import type { Userinfo } from '@kabu/shared/api/user'
import { formatUnits } from '@kabu/shared/money/decimal'
import { expect } from 'vitest'
import { expectAllocationsWithinOffers } from '../support/invariants'
import { daytradeList } from './daytrade.support'
import type { Command, Op } from './every-line.commands'
import { post, units, type World } from './every-line.support'
import { ops } from './funds.support'
import { loanList } from './loan.support'

/**
 * What the every-line property checks after every step (see every-line-property.test.ts): the
 * ledger checker, spec §7 against the books for every user the step could touch, and the offers'
 * allocations.
 */

const sum = <T>(rows: readonly T[], keep: (r: T) => boolean, amount: (r: T) => string) =>
  rows.reduce((s, r) => (keep(r) ? s + units(amount(r)) : s), 0n)

/** Spec §7 over the Positions screen's calls equals the user's ledger books, and the cross-checks. */
async function expectUserAgrees(w: World, i: number) {
  const type = { type: 'jpy' }
  const [
    userinfo,
    newStocks,
    withdrawals,
    products,
    credits,
    holdings,
    blocks,
    ended,
    loans,
    days,
  ] = await Promise.all([
    post<Userinfo>(w, i, '/user/getUserinfo', type),
    post<IpoApplication[]>(w, i, '/trade/usernewstocklist', type),
    post<WithdrawalRecord[]>(w, i, '/user/withdrawallist', type),
    post<ProductOrder[]>(w, i, '/trade/userproductlist', type),
    post<WireCreditRequest[]>(w, i, '/trade/ustockslist', type),
    post<HoldingList>(w, i, '/trade/userstocklist', type),
    post<BlockOrder[]>(w, i, '/trade/userblocklist', { ...type, status: 'pending' }),
    post<ClosedHoldingList>(w, i, '/trade/userstocklists', type),
    loanList(w.t, w.grants[i]!),
    daytradeList(w.t, w.grants[i]!),
  ])
  const books = await w.t.app.broker.ledger.balances(w.t.app.db, w.userIds[i]!, 'JPY')
  const assets = deriveAssets({
    type: 'jpy',
    userinfo,
    newStocks,
    withdrawals,
    products,
    credits,
    holdings,
    blocks,
    daytrades: days,
  })
  expect(
    {
      available: assets.available,
      frozenCash: assets.frozenCash,
      borrowed: assets.borrowed,
    },
    `§7 of user ${i}`,
  ).toEqual({
    available: formatUnits(books.available),
    frozenCash: formatUnits(books.frozen),
    borrowed: formatUnits(books.borrowed + books.credit),
  })
  // The product book: the open follow orders' money, each its principal plus the profit so far.
  const following = products.filter((o) => o.status === 0)
  for (const o of following) {
    expect(units(o.money), `order ${o.id}`).toBe(units(o.principal) + units(o.profit))
  }
  const productMoney = sum(
    following,
    () => true,
    (o) => o.money,
  )
  expect(formatUnits(productMoney), 'product book').toBe(formatUnits(books.product))
  // The credit book: the debts of the credit holdings, open and ended (a sale that could not
  // repay the whole debt, as a liquidation after a fall, leaves the rest owed on its row).
  const credited = [...holdingRows(holdings), ...holdingRows(ended)]
  const debts = sum(
    credited,
    (h) => h.credit !== undefined,
    (h) => h.credit!.debt,
  )
  expect(formatUnits(debts), 'credit book').toBe(formatUnits(books.credit))
  // The borrowed book: the principal of the loans owed.
  const owed = sum(
    loans,
    (l) => l.status === 1,
    (l) => l.money,
  )
  expect(formatUnits(owed), 'borrowed book').toBe(formatUnits(books.borrowed))
}

/** Operator and job commands can move anyone's books; a user's own command, only theirs. */
const touched = (w: World, c: Command) => ('user' in c ? [c.user] : [...w.userIds.keys()])
const ALLOCATING: ReadonlySet<Op> = new Set(['draw', 'ipoJob', 'subscribe', 'blockReview'])

/** Every check after command `c`. */
export async function expectInvariants(w: World, c: Command) {
  const check = await ops(w.t, 'GET', '/ledger/check')
  expect(check.data, JSON.stringify(c)).toEqual({ ok: true, violations: [] })
  await Promise.all(touched(w, c).map((i) => expectUserAgrees(w, i)))
  if (ALLOCATING.has(c.op)) {
    await expectAllocationsWithinOffers(w.t.app.db, w.ipoOffers, w.blockOffers)
  }
}
