import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { newUser } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import type { SessionGrant } from '@kabu/shared/api/user'
import { brokerApi, brokerData } from '../support/broker'
import { approve, BANK_DAY_10AM, fund, reject, wallets } from './funds.support'
import { fundedUser, ledgerExport, panel, withdraw, startTrustApp } from './trust.support'

/**
 * The trust panel's figures and the ledger export, against a real gateway (the self-freeze is in
 * trust-freeze.test.ts).
 */

const HOUR = 3_600_000
let t: TestApp
let n = 0
const account = () => `tp${Date.now() % 100000}${n++}`

beforeAll(async () => {
  t = await startTrustApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(BANK_DAY_10AM)
  await expectLedgerConsistent(t.app.db)
})

const funded = (money: string) => fundedUser(t, account(), money)
const idOf = async (name: string) =>
  (
    await t.app.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', name)
      .executeTakeFirstOrThrow()
  ).id

describe('the panel', () => {
  it('names the operator, its registration and where client money is held (settings)', async () => {
    const p = await panel(t, await newUser(t, account()))
    expect(p).toMatchObject({
      operator: 'Test Securities K.K.',
      registration: 'Kanto Local Finance Bureau (FIBO) No. 9999',
      segregated_account: 'Customer trust account, Example Trust Bank',
      currency: 'JPY',
    })
  })

  it('reconciles customers’ money with the segregated book, live, with the time checked', async () => {
    const { grant, card } = await funded('300000')
    const asked = t.app.clock.now()
    const before = await panel(t, grant)
    expect(before.reconciliation.ok).toBe(true)
    expect(before.reconciliation.checked_at).toBeGreaterThanOrEqual(asked)
    expect(before.reconciliation.checked_at).toBeLessThanOrEqual(t.app.clock.now())
    expect(before.reconciliation.customer_total).toBe(before.reconciliation.segregated_total)
    // Money in: both sides grow by it.
    await fund(t, grant, '100000')
    const after = await panel(t, grant)
    expect(Number(after.reconciliation.customer_total)).toBe(
      Number(before.reconciliation.customer_total) + 100000,
    )
    expect(after.reconciliation.segregated_total).toBe(after.reconciliation.customer_total)
    // A withdrawal frozen is still the customer's; paid, it leaves both sides.
    const id = ((await withdraw(t, grant, card, { money: '50000' })).data as { id: string }).id
    expect((await panel(t, grant)).reconciliation.customer_total).toBe(
      after.reconciliation.customer_total,
    )
    await approve(t, 'withdraw', id)
    const paid = await panel(t, grant)
    expect(Number(paid.reconciliation.customer_total)).toBe(
      Number(after.reconciliation.customer_total) - 50000,
    )
    expect(paid.reconciliation).toMatchObject({ ok: true })
    expect(paid.reconciliation.segregated_total).toBe(paid.reconciliation.customer_total)
  })

  it('leaves tax withheld out of both sides: owed to the tax office, it is no longer customers’', async () => {
    const { grant } = await funded('20000')
    const before = (await panel(t, grant)).reconciliation
    const userId = await idOf(grant.account)
    await t.app.db.transaction().execute((trx) =>
      t.app.broker.ledger.post(trx, {
        kind: 'tax_withheld',
        userId,
        orderNo: `TAX-${account()}`,
        postings: [
          {
            account: { user: userId, book: 'available', currency: 'JPY' },
            amount: -2_030n * 10_000n,
          },
          { account: { house: 'tax', currency: 'JPY' }, amount: 1_530n * 10_000n },
          { account: { house: 'tax_local', currency: 'JPY' }, amount: 500n * 10_000n },
        ],
      }),
    )
    const after = (await panel(t, grant)).reconciliation
    expect(Number(after.customer_total)).toBe(Number(before.customer_total) - 2_030)
    expect(after).toMatchObject({ ok: true, segregated_total: after.customer_total })
  })

  it('says not ok when a customer balance moves outside the double entry (the guard, broken)', async () => {
    const { grant } = await funded('20000')
    const userId = await idOf(grant.account)
    const tamper = (delta: bigint) =>
      t.app.db
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', delta) }))
        .where('user_id', '=', userId)
        .where('book', '=', 'available')
        .execute()
    await tamper(10_000n)
    try {
      const p = await panel(t, grant)
      expect(p.reconciliation.ok).toBe(false)
      expect(
        Number(p.reconciliation.customer_total) - Number(p.reconciliation.segregated_total),
      ).toBe(1)
    } finally {
      await tamper(-10_000n)
    }
    expect((await panel(t, grant)).reconciliation.ok).toBe(true)
  })

  it('gives the median time to pay a withdrawal over the last 30 days, once five were paid', async () => {
    // Six weeks on (Tuesday 2026-04-14, a bank day), every other test's payout is older than the
    // 30 days counted, so the figures are this test's alone.
    const day = BANK_DAY_10AM + 42 * 24 * HOUR
    t.app.clock.set(day)
    const { grant, card } = await funded('200000')
    expect(await panel(t, grant)).toMatchObject({
      withdrawals_paid_median_hours: null,
      withdrawals_paid_median_minutes: null,
      withdrawals_paid_count: 0,
    })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push(((await withdraw(t, grant, card)).data as { id: string }).id)
    }
    const rejected = ((await withdraw(t, grant, card)).data as { id: string }).id
    await reject(t, 'withdraw', rejected, 'test')
    // Paid after 2, 3 and 10 minutes, 3 and 5 hours (the rejected one is not a payment).
    const MINUTE = 60_000
    const paidAfter = [2 * MINUTE, 3 * MINUTE + 20_000, 10 * MINUTE, 3 * HOUR, 5 * HOUR]
    for (const [i, took] of paidAfter.entries()) {
      t.app.clock.set(day + took)
      expect((await approve(t, 'withdraw', ids[i]!)).status).toBe(1)
      const p = await panel(t, grant)
      expect(p.withdrawals_paid_count).toBe(i + 1)
      // Fewer than five make no median (PAYOUT_MEDIAN_MIN_COUNT): one payout is not "half".
      if (i < 4) {
        expect(p.withdrawals_paid_median_hours).toBeNull()
        expect(p.withdrawals_paid_median_minutes).toBeNull()
      }
    }
    // The middle of five is 10 minutes: in minutes, not "0.2 hours" (nor "0" before rounding).
    expect(await panel(t, grant)).toMatchObject({
      withdrawals_paid_median_hours: 0.2,
      withdrawals_paid_median_minutes: 10,
      withdrawals_paid_count: 5,
    })
    // Thirty-one days on, none of them counts (a new session: the old one has expired).
    t.app.clock.set(day + 31 * 24 * HOUR)
    const again = await brokerData<SessionGrant>(t.url, '/user/login', {
      account: grant.account,
      password: `pass-${grant.account}`,
    })
    expect(await panel(t, again)).toMatchObject({
      withdrawals_paid_median_hours: null,
      withdrawals_paid_median_minutes: null,
      withdrawals_paid_count: 0,
    })
  })

  it('shows product obligations against the issuers’ book', async () => {
    const p = await panel(t, await newUser(t, account()))
    expect(Number(p.product_obligations.issuer_funds)).toBeGreaterThanOrEqual(
      Number(p.product_obligations.owed),
    )
    expect(p.product_obligations.covered).toBe(true)
  })
})

describe('the ledger export', () => {
  it('is every line of the wallet as CSV, its running balance ending at the wallet', async () => {
    const { grant, card } = await funded('120000')
    const id = ((await withdraw(t, grant, card, { money: '30000' })).data as { id: string }).id
    await reject(t, 'withdraw', id, 'test')
    await withdraw(t, grant, card, { money: '25000' })
    const csv = await ledgerExport(t, grant)
    expect(csv.http).toBe(200)
    expect(csv.type).toMatch(/^text\/csv/)
    expect(csv.disposition).toContain(`ledger-${grant.account}-JPY.csv`)
    expect(csv.header).toEqual([
      'line',
      'time',
      'kind',
      'order_no',
      'book',
      'currency',
      'amount',
      'running_balance',
      'detail',
    ])
    expect(csv.lines.map((l) => l[2])).toEqual([
      'deposit',
      'withdraw_freeze',
      'withdraw_freeze',
      'withdraw_release',
      'withdraw_release',
      'withdraw_freeze',
      'withdraw_freeze',
    ])
    const w = (await wallets(t, grant)).JPY!
    expect(csv.lines.at(-1)?.[7]).toBe(String(Number(w.available) + Number(w.frozen)))
    expect(w).toMatchObject({ available: '95000', frozen: '25000' })
  })

  it('holds only the caller’s lines, and refuses a bad wallet with the envelope', async () => {
    const { grant } = await funded('10000')
    const other = await newUser(t, account())
    expect((await ledgerExport(t, other)).lines).toEqual([])
    expect((await ledgerExport(t, grant, { currency: 'USD' })).lines).toEqual([])
    const bad = await brokerApi(
      t.url,
      '/user/ledgerExport',
      { currency: 'XXX' },
      {
        token: grant.token,
        account: grant.account,
      },
    )
    expect(bad).toMatchObject({ http: 200, status: 0, msg: 'invalid_input' })
    const anonymous = await brokerApi(t.url, '/user/ledgerExport', {})
    expect(anonymous).toMatchObject({ http: 401, status: 0 })
  })
})
