import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { newUser } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { brokerApi } from '../support/broker'
import { ops } from './ops-client'
import {
  booksOf,
  bought,
  DAY,
  follower,
  issuerIdOf,
  MONDAY,
  myOrder,
  newProduct,
  postProduct,
  productBuy,
  productInfo,
  startProductApp,
  userBooks,
} from './follow.support'

/**
 * Follow products over HTTP: the back office's product and its funded issuer, every refusal of a
 * buy, the buy's ledger line, each day's profit exact by the published rule (time travel across a
 * week), the lock-up, the user's end and the return at the deadline. The test app's ledger check
 * runs after every suite (support/app.ts).
 */

let t: TestApp
let n = 0
const account = () => `fp${n++}x${Date.now() % 100000}`
const yen = (text: string) => parseUnits(text)!

beforeAll(async () => {
  t = await startProductApp()
})
afterAll(() => t.stop())

describe('the back office’s product', () => {
  it('funds its issuer with the most profit its capacity earns, audited', async () => {
    const p = await newProduct(t, { issuer_code: 'funded-issuer', capacity: '1000000' })
    // Mon–Fri accruals from Monday 10:00 to Friday 16:00: five days × 0.1 % × ¥1,000,000.
    expect(p).toMatchObject({
      days_left: 5,
      capacity: '1000000',
      remaining: '1000000',
      min: '10000',
      min_total_profit: '50',
      accrual_time: '15:30',
      time_zone: 'Asia/Tokyo',
      rounding: 'floor_minor_unit_carried',
      phase: 'open',
      simulated: false,
      lock_days: 2,
    })
    const issuer = await userBooks(t, await issuerIdOf(t, 'funded-issuer'))
    expect(issuer.available).toBe(yen('5000'))
    const trail = await ops(t.url, 'GET', `/audit?target=product:${p.id}`)
    expect((trail.data as unknown[]).length).toBe(1)
    const row = await t.app.db
      .selectFrom('users')
      .select(['status', 'account'])
      .where('account', '=', 'issuer.funded-issuer')
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('issuer')
    // The issuer's account cannot log in, nor be restored into an ordinary one.
    const login = await brokerApi(t.url, '/user/login', { account: row.account, password: 'x' })
    expect(login.msg).toBe('wrong_account_or_password')
    expect((await ops(t.url, 'POST', `/users/${row.account}/restore`)).http).toBe(404)
  })

  it('refuses a body that is not a product', async () => {
    for (const body of [
      { daily_rate: '1.5' },
      { daily_rate: '0' },
      { min: '100.5' },
      { capacity: '5000', min: '10000' },
      { issuer_code: 'Not Valid' },
      { deadline: MONDAY - 1 },
      { name: { ja: 'x' } },
    ]) {
      const answer = await postProduct(t, body)
      expect(answer.status, JSON.stringify(body)).toBe(0)
      expect(answer.http, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
    }
    expect((await ops(t.url, 'POST', '/products', {}, null)).http).toBe(401)
  })
})

describe('a buy', () => {
  it('moves the principal from available to the product book in one ledger line', async () => {
    const g = await follower(t, account())
    const p = await newProduct(t)
    const id = await bought(t, g, p.id, '123456')
    const books = await booksOf(t, g.account)
    expect(books.available).toBe(yen('10000000') - yen('123456'))
    expect(books.product).toBe(yen('123456'))
    const order = await myOrder(t, g, id)
    expect(order).toMatchObject({
      status: 0,
      state: 'locked',
      principal: '123456',
      money: '123456',
      profit: '0',
      // floor(123,456 × 0.001 × 5) = floor(617.28)
      max_profit: '617',
      days: 0,
    })
    expect(order.lock_until).toBe(order.created + 2 * DAY)
    const lines = await t.app.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('order_no', '=', order.order_no)
      .execute()
    expect(lines.map((l) => l.kind)).toEqual(['product_buy'])
    await expectLedgerConsistent(t.app.db)
  })

  it('is refused by each rule, and writes nothing', async () => {
    const g = await follower(t, account(), '50000')
    const p = await newProduct(t, { capacity: '100000' })
    const refusal = async (form: Record<string, string>) =>
      (await productBuy(t, g, { id: p.id, money: '20000', ...form })).msg
    expect(await refusal({ money: '9999' })).toBe('below_minimum_buy')
    expect(await refusal({ money: '10000.5' })).toBe('amount_invalid')
    expect(await refusal({ money: '' })).toBe('amount_required')
    expect(await refusal({ fund_password: '000000' })).toBe('wrong_fund_password')
    expect(await refusal({ money: '60000' })).toBe('insufficient_balance')
    expect(await refusal({ id: '999999' })).toBe('product_unavailable')
    const noPassword = await newUser(t, account())
    const answer = await productBuy(t, noPassword, { id: p.id, money: '20000' })
    expect(answer.msg).toBe('fund_password_not_set')
    const upcoming = await newProduct(t, { opens_at: MONDAY + DAY })
    expect(await refusal({ id: upcoming.id })).toBe('product_unavailable')
    expect((await booksOf(t, g.account)).product).toBe(0n)
    expect(await myOrdersCount(g.account)).toBe(0)
  })

  it('is refused past the capacity, and the screen’s remaining says how much is left', async () => {
    const a = await follower(t, account())
    const b = await follower(t, account())
    const p = await newProduct(t, { issuer_code: 'small-issuer', capacity: '100000' })
    await bought(t, a, p.id, '70000')
    expect((await productInfo(t, a, p.id)).remaining).toBe('30000')
    expect((await productBuy(t, b, { id: p.id, money: '30001' })).msg).toBe(
      'product_capacity_exceeded',
    )
    await bought(t, b, p.id, '30000')
    expect((await productInfo(t, a, p.id)).remaining).toBe('0')
    expect((await productBuy(t, b, { id: p.id, money: '10000' })).msg).toBe(
      'product_capacity_exceeded',
    )
  })

  it('holds the capacity when buys race each other', async () => {
    const a = await follower(t, account())
    const b = await follower(t, account())
    const p = await newProduct(t, { issuer_code: 'busy-issuer', capacity: '100000' })
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        productBuy(t, i % 2 ? a : b, { id: p.id, money: '20000' }),
      ),
    )
    expect(answers.filter((x) => x.status === 1)).toHaveLength(5)
    for (const x of answers) if (x.status !== 1) expect(x.msg).toBe('product_capacity_exceeded')
    expect((await productInfo(t, a, p.id)).remaining).toBe('0')
    await expectLedgerConsistent(t.app.db)
  })

  it('is refused when the issuer’s free funding could not pay it to the deadline', async () => {
    const g = await follower(t, account())
    const p = await newProduct(t, { issuer_code: 'drained-issuer', capacity: '1000000' })
    // The issuer's funding falls to ¥100 (the rest taken back by the house).
    const issuerId = await issuerIdOf(t, 'drained-issuer')
    await t.app.db.transaction().execute((trx) =>
      t.app.broker.ledger.post(trx, {
        kind: 'product_funding',
        userId: issuerId,
        orderNo: `TEST-${randomUUID()}`,
        postings: [
          { account: { user: issuerId, book: 'available', currency: 'JPY' }, amount: -yen('4900') },
          { account: { house: 'bank_clearing', currency: 'JPY' }, amount: yen('4900') },
        ],
      }),
    )
    // ¥100 pays five days of 0.1 % on ¥20,000 and no more.
    expect((await productInfo(t, g, p.id)).remaining).toBe('20000')
    expect((await productBuy(t, g, { id: p.id, money: '20001' })).msg).toBe(
      'product_capacity_exceeded',
    )
    await bought(t, g, p.id, '20000')
    expect((await productInfo(t, g, p.id)).remaining).toBe('0')
  })

  it('answers a retry with its first answer, and another body with a conflict', async () => {
    const g = await follower(t, account())
    const p = await newProduct(t)
    const idem = randomUUID()
    const first = await productBuy(t, g, { id: p.id, money: '20000', idem })
    const again = await productBuy(t, g, { id: p.id, money: '20000', idem })
    expect(again.data).toEqual(first.data)
    const other = await productBuy(t, g, { id: p.id, money: '30000', idem })
    expect(other.msg).toBe('idempotency_conflict')
    expect(await myOrdersCount(g.account)).toBe(1)
    expect((await booksOf(t, g.account)).product).toBe(yen('20000'))
  })

  it('is refused to an account barred from trading', async () => {
    const g = await follower(t, account())
    const p = await newProduct(t)
    await ops(t.url, 'POST', `/users/${g.account}/bar-trading`)
    expect((await productBuy(t, g, { id: p.id, money: '20000' })).msg).toBe('trading_barred')
  })
})

async function myOrdersCount(acct: string): Promise<number> {
  const row = await t.app.db
    .selectFrom('product_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('u.account', '=', acct)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
