import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@kabu/shared/market/iso-date'
import { parseUnits } from '@kabu/shared/money/decimal'
import { parseDetail } from '@kabu/shared/tax/ledger-detail'
import type { SessionGrant } from '@kabu/shared/api/user'
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
import { dueOn, lotAt, reportAndLedger, summary, wire, YEN, yenOf } from './tax.support'
import {
  advance,
  APPLE,
  books,
  buy,
  sell,
  startTradingApp,
  TOYOTA,
  trader,
  untilFresh,
  userIdOf,
} from './trading.support'

/**
 * Issue 36: a reverse split's fraction sold for cash in lieu is a sale for the tax in every
 * position (MARKET-RULES.md §10): a credit long's too, its gain the cash less the fraction's share
 * of the position's cost, withheld or refunded in the split's transaction; a user holding the code
 * both ways has two cash-in-lieu lines, each carrying its own sale, so the ledger export still
 * adds up and recomputes the annual report. A US holding's fraction costs in yen exactly what
 * leaves its rows' yen, each row at its own buy's rate.
 */
let t: TestApp
let n = 0
const account = () => `taxsf${++n}x${Date.now() % 100000}`
const DAY = 86_400_000

beforeAll(async () => {
  t = await startTradingApp({ SELL_LOCK_MINUTES: '0', ACTIONS_JOB_MS: '3600000' })
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const row = (id: bigint) => holdingRow(t, id)
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
    const cashGain = paid - halfUp(holdingCost(cash) + cash.buy_fee, 100n)
    const creditGain = paid - holdingCost(credit) / 100n
    // The credit fraction's cash first repays its share of the loan, as a credit sale would.
    const repaid = credit.credit_debt / 100n
    const before = await books(t, name, 'JPY')
    const y = await reverseSplit(0, close + 500n)
    const due = dueOn(cashGain + creditGain)
    const first = dueOn(cashGain)
    const after = await books(t, name, 'JPY')
    expect(after.available).toBe(before.available + 2n * paid - repaid - due.national - due.local)
    expect(after.credit).toBe(before.credit - repaid)
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
      ['split_cash', wire(paid - repaid)],
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
    const loss = close * YEN - holdingCost(credit) / 100n
    expect(loss).toBeLessThan(0n)
    const before = await books(t, name, 'JPY')
    const y = await reverseSplit(2, close)
    const [held, owed] = [dueOn(gain), dueOn(gain + loss)]
    const refund = held.national - owed.national + held.local - owed.local
    expect(refund).toBeGreaterThan(0n)
    const repaid = credit.credit_debt / 100n
    expect((await books(t, name, 'JPY')).available).toBe(
      before.available + close * YEN - repaid + refund,
    )
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

describe('a US reverse split’s fraction of lots bought at two rates', { timeout: 60_000 }, () => {
  // Last: it moves the gateway's clock on.
  it('costs in yen each lot’s share at its own rate', async () => {
    const g = await trader(t, account())
    const userId = await userIdOf(t, g.account)
    const first = await bought(g, { type: 'usd', code: APPLE, num: '7' })
    await advance(t, Math.round(1.3 * DAY))
    await untilFresh(t, APPLE)
    const second = await bought(g, { type: 'usd', code: APPLE, num: '6' })
    const rateAt = (at: bigint | null) => t.app.broker.funds.fx.rateAt('USD', 'JPY', Number(at))
    expect(rateAt(first.buy_time)).not.toBe(rateAt(second.buy_time))
    const ex = tomorrow(t, 'us')
    const split = action({ code: APPLE, market: 'us', kind: 'split', exDate: ex, ratio: 0.2 })
    await actionsJobAt(t, handClock(hourInto('us', ex)), () => [split], 100).runOnce()
    // 1 for 5: of 7 and 6, 2 and 1 old shares are paid; their cost is 3/13 of the yen the two
    // lots cost, each at its own buy's rate (the moving average a sale of 3 would take).
    const basis =
      yenOf(holdingCost(first) + first.buy_fee, rateAt(first.buy_time)) +
      yenOf(holdingCost(second) + second.buy_fee, rateAt(second.buy_time))
    const event = await t.app.db
      .selectFrom('tax_events')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(event).toMatchObject({ kind: 'sale', code: APPLE, shares: 3n })
    expect(event.cost).toBe(halfUp(basis * 3n, 13n))
    expect(event.gain).toBe(event.gross - event.cost)
  })
})
