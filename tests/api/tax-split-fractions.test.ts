import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@kabu/shared/market/iso-date'
import { parseUnits } from '@kabu/shared/money/decimal'
import { parseDetail } from '@kabu/shared/tax/ledger-detail'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { action, actionsJobAt, handClock, hourInto, tomorrow } from './actions.support'
import { dueOn, lotAt, reportAndLedger, summary, wire, YEN } from './tax.support'
import { books, buy, sell, startTradingApp, TOYOTA, trader, userIdOf } from './trading.support'

/**
 * Issue 36: a reverse split's fraction sold for cash in lieu is a sale for the tax in every
 * position (MARKET-RULES.md §10): a credit long's too, its gain the cash less the fraction's share
 * of the position's cost, withheld or refunded in the split's transaction; a user holding the code
 * both ways has two cash-in-lieu lines, each carrying its own sale, so the ledger export still
 * adds up and recomputes the annual report.
 */
let t: TestApp
let n = 0
const account = () => `taxsf${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  t = await startTradingApp({ SELL_LOCK_MINUTES: '0', ACTIONS_JOB_MS: '3600000' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const row = (id: bigint) =>
  t.app.db.selectFrom('holdings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const costOf = (r: { buy_cost: bigint | null; buy_price: bigint; stock_num: bigint }) =>
  r.buy_cost ?? r.buy_price * r.stock_num
const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den)

async function bought(g: SessionGrant, form: Record<string, string>) {
  const answer = await buy(t, g, form)
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 })
  return row(BigInt((answer.data as { id: string }).id))
}

/** A 1-for-3 Toyota reverse split `days` after tomorrow, run by the job at a last close of `close` yen. */
async function reverseSplit(days: number, close: bigint) {
  const ex = addDays(tomorrow(t), days)
  const split = action({ code: TOYOTA, kind: 'split', exDate: ex, ratio: 1 / 3 })
  await actionsJobAt(t, handClock(hourInto('jp', ex)), () => [split], Number(close)).runOnce()
  return Number(ex.slice(0, 4))
}

/** Each line's running balance is the one before plus its amount; the last is the wallet. */
async function expectRunningBalance(name: string, lines: Record<string, string>[]) {
  let balance = 0n
  for (const l of lines) {
    balance += parseUnits(l.amount ?? '', { signed: true }) ?? 0n
    expect(parseUnits(l.running_balance ?? '', { signed: true })).toBe(balance)
  }
  const wallet = await books(t, name, 'JPY')
  expect(balance).toBe(wallet.available + wallet.frozen)
}

describe('a reverse split’s fraction of a credit long', { timeout: 60_000 }, () => {
  it('withholds on its gain beside a cash holding’s, each on its own line', async () => {
    const name = account()
    const g = await trader(t, name, undefined, { verified: true })
    const cash = await bought(g, {})
    const credit = await bought(g, { leverage: '3' })
    expect(credit.leverage).toBe(3n)
    // One old share of each 100 is paid, at a last close ¥500 over either buy.
    const close = (cash.buy_price > credit.buy_price ? cash.buy_price : credit.buy_price) / YEN
    const paid = close * YEN + 500n * YEN
    const cashGain = paid - halfUp(costOf(cash) + cash.buy_fee, 100n)
    const creditGain = paid - costOf(credit) / 100n
    const before = await books(t, name, 'JPY')
    const y = await reverseSplit(0, close + 500n)
    const due = dueOn(cashGain + creditGain)
    const first = dueOn(cashGain)
    const after = await books(t, name, 'JPY')
    expect(after.available).toBe(before.available + 2n * paid - due.national - due.local)
    const s = await summary(t, g, y)
    expect(s).toMatchObject({ gains: wire(cashGain + creditGain) })
    expect([s.withheld_national, s.withheld_local]).toEqual([wire(due.national), wire(due.local)])

    const { fromReport, fromLedger, exported } = await reportAndLedger(t, g, y)
    expect(fromReport).toEqual(fromLedger)
    expect(fromLedger.map((l) => l.gain)).toEqual([wire(cashGain), wire(creditGain)])
    const taxed = exported.filter((l) => l.detail)
    expect(taxed.map((l) => [l.kind, l.amount])).toEqual([
      ['split_cash', wire(paid)],
      ['tax_withheld', wire(-(first.national + first.local))],
      ['split_cash', wire(paid)],
      ['tax_withheld', wire(-(due.national + due.local - first.national - first.local))],
    ])
    await expectRunningBalance(name, exported)
  })

  it('refunds what the year withheld when its fraction sells at a loss', async () => {
    const name = account()
    const g = await trader(t, name, undefined, { verified: true })
    const lot = await lotAt(t, g, -150n)
    expect(await sell(t, g, { id: String(lot), num: '100' })).toMatchObject({ status: 1 })
    const userId = await userIdOf(t, name)
    const [sale] = await t.app.db
      .selectFrom('tax_events')
      .select(['gain', 'year_national', 'year_local'])
      .where('user_id', '=', userId)
      .execute()
    const gain = sale?.gain ?? 0n
    expect(dueOn(gain)).toEqual({ national: sale?.year_national, local: sale?.year_local })
    const credit = await bought(g, { leverage: '2' })
    const close = credit.buy_price / YEN - 500n
    const loss = close * YEN - costOf(credit) / 100n
    expect(loss).toBeLessThan(0n)
    const before = await books(t, name, 'JPY')
    const y = await reverseSplit(2, close)
    const [held, owed] = [dueOn(gain), dueOn(gain + loss)]
    const refund = held.national - owed.national + held.local - owed.local
    expect(refund).toBeGreaterThan(0n)
    expect((await books(t, name, 'JPY')).available).toBe(before.available + close * YEN + refund)
    const s = await summary(t, g, y)
    expect(s).toMatchObject({ net: wire(gain + loss) })

    const { fromReport, fromLedger, exported } = await reportAndLedger(t, g, y)
    expect(fromReport).toEqual(fromLedger)
    expect(fromLedger.map((l) => l.gain)).toEqual([wire(gain), wire(loss)])
    const refunded = exported.filter((l) => l.kind === 'tax_refund')
    expect(refunded.map((l) => l.amount)).toEqual([wire(refund)])
    const detail = parseDetail(refunded[0]?.detail ?? '')
    expect(detail?.fields).toMatchObject({ net_after: wire(gain + loss) })
    await expectRunningBalance(name, exported)
  })
})
