import { expect } from 'vitest'
import { deriveAssets } from '@kabu/shared/assets'
import { isWorking } from '@kabu/shared/api/orders'
import { HOLDING } from '@kabu/shared/api/trade'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Currency } from '@kabu/shared/money/currencies'
import { coveringYen } from '@kabu/shared/tax/foreign-sale'
import { openList } from '../../gateway/src/broker/trading/lists'
import type { TestApp } from '../support/app'
import { credit } from './trading.support'

/** The trading property test's users and its check of each one's books (trading-property.test.ts). */

export const WALLETS = [
  { type: 'jpy', currency: 'JPY', market: 'jp' },
  { type: 'usd', currency: 'USD', market: 'us' },
] as const
const START = '5000000'

/** A user of one history, with START in each wallet, verified (a short needs it). */
export async function newUserRow(t: TestApp, account: string): Promise<bigint> {
  const row = await t.app.db
    .insertInto('users')
    .values({
      account,
      password_hash: 'x',
      invite_code: account.toUpperCase(),
      created_at: t.app.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const w of WALLETS) await credit(t, account, w.currency, START)
  // Verified, as borrowing shares needs (shared/market/credit.ts): a decided identity request.
  const now = t.app.clock.now()
  for (const kind of ['id_front', 'id_back'] as const) {
    const upload = {
      id: `${account}-${kind}`,
      user_id: row.id,
      kind,
      bytes: 1,
      width: 1,
      height: 1,
    }
    await t.app.db
      .insertInto('uploads')
      .values({ ...upload, created_at: now })
      .execute()
  }
  await t.app.db
    .insertInto('identity_requests')
    .values({
      user_id: row.id,
      name: account,
      doctype: 'my_number',
      idnumber_sealed: 'sealed',
      idnumber_last4: '0000',
      front_upload: `${account}-id_front`,
      back_upload: `${account}-id_back`,
      status: 'approved',
      created_at: now,
    })
    .execute()
  return row.id
}

/**
 * Spec §7's derivation over the list data equals the ledger's books, the cash moved equals what
 * the holdings rows say was paid and received, each order's filled_num is the sum of its fills and
 * the frozen cash what the working buys and the open shorts hold.
 */
export async function expectDerivationMatchesLedger(
  t: TestApp,
  userId: bigint,
  count: (key: string) => void,
) {
  for (const w of WALLETS) {
    const books = await t.app.broker.ledger.balances(t.app.db, userId, w.currency as Currency)
    const holdings = await openList(t.app.db, t.app.market, userId, w.market)
    const userinfo = {
      account: 'x',
      credit_score: 0,
      verified: 0,
      fund_password_set: false,
      invite_code: 'X',
      [w.type]: formatUnits(books.available),
      [`${w.type}yjed`]: formatUnits(books.borrowed),
    }
    const empty = { newStocks: [], withdrawals: [], products: [], credits: [] }
    const assets = deriveAssets({ type: w.type, userinfo, holdings, ...empty })
    expect(assets.available).toBe(formatUnits(books.available))
    expect(assets.frozenCash).toBe(formatUnits(books.frozen))

    // Every unit that left or entered the wallet is accounted for by a holding row.
    const rows = await t.app.db
      .selectFrom('holdings')
      .selectAll()
      .where('user_id', '=', userId)
      .where('currency', '=', w.currency)
      .execute()
    let expected = 5_000_000n * 10_000n
    let held = 0n
    for (const h of rows) {
      if (h.side === 'short') {
        // Its fees out at the sale; at the cover the gain, less the fees and the borrow fees it
        // paid (what it still owes, the credit book holds).
        expected -= h.buy_fee
        if (h.status === BigInt(HOLDING.holding)) held += h.frozen
        if (h.status === BigInt(HOLDING.closed)) {
          const gain = (h.buy_price - h.sell_price!) * h.stock_num - h.sell_fee!
          expected += gain - h.credit_interest + h.credit_debt
        }
        continue
      }
      const filled = [HOLDING.holding, HOLDING.closing, HOLDING.closed]
        .map(BigInt)
        .includes(h.status)
      if (filled) expected -= (h.buy_cost ?? h.buy_price * h.stock_num) + h.buy_fee
      if (h.buy_cost !== null) count('holding:averaged')
      if (h.status === BigInt(HOLDING.closed))
        expected += h.sell_price! * h.stock_num - h.sell_fee! - h.stamp_duty!
    }
    // A taxable sale withholds (or refunds) the year's tax on its gain: a ledger line of its own.
    // A foreign sale's figures are yen: its withholding is taken in its currency at its rate, each
    // part rounded up to the minor unit; every refund is paid in yen (broker/tax/in-yen.ts).
    const taxes = await t.app.db
      .selectFrom('tax_events')
      .select(['national', 'local', 'currency', 'fx_rate'])
      .where('user_id', '=', userId)
      .execute()
    for (const tax of taxes) {
      const yen = tax.national + tax.local
      if (tax.fx_rate !== null && yen > 0n) {
        if (tax.currency !== w.currency) continue
        const rate = tax.fx_rate
        expected -= coveringYen(tax.national, rate, w.currency as Currency)
        expected -= coveringYen(tax.local, rate, w.currency as Currency)
        count('tax:withheld in a foreign currency')
      } else if (w.currency === 'JPY') {
        expected -= yen
      }
      if (tax.national !== 0n) count('tax:withheld or refunded')
    }
    expect(books.available + books.frozen).toBe(expected)

    // Each order's filled_num is the sum of its fills; frozen cash is what working buys hold.
    const orders = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('currency', '=', w.currency)
      .execute()
    let frozen = held
    for (const o of orders) {
      const fills = await t.app.db
        .selectFrom('order_fills')
        .select(['num'])
        .where('order_id', '=', o.id)
        .execute()
      expect(fills.reduce((sum, f) => sum + f.num, 0n)).toBe(o.filled_num)
      expect(o.filled_num <= o.num).toBe(true)
      if (o.status === 'filled') expect(o.filled_num).toBe(o.num)
      // Nothing fills before a print reaches it, nor once it has been refused.
      if (['open', 'waiting', 'refused'].includes(o.status)) expect(o.filled_num).toBe(0n)
      if (isWorking(o.status)) frozen += o.frozen
      else expect(o.frozen).toBe(0n)
    }
    expect(books.frozen).toBe(frozen)
  }
}
