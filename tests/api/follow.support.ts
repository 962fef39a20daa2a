import { randomUUID } from 'node:crypto'
import type { Product, ProductOrder } from '@kabu/shared/api/follow'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Currency } from '@kabu/shared/money/currencies'
import { isTradingDay } from '@kabu/shared/market/calendar'
import { addDays, dayOfWeek, utcToIsoDate } from '@kabu/shared/market/iso-date'
import { epochAtLocal } from '@kabu/shared/market/time-zone'
import { startTestApp, type TestApp } from '../support/app'
import { FUND_PASSWORD, newUser, setFundPassword } from '../support/identity'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import { OPS_TOKEN, ops, type OpsAnswer } from './ops-client'
import { credit, userIdOf } from './trading.support'

/** Helpers of the follow-product tests. */

export const DAY = 86_400_000
/**
 * The first Monday at least three days from now whose week and the next are plain trading weeks in
 * Tokyo (no holiday from Monday to the second Friday), so the tests can count accrual days by the
 * calendar; near today, so the market simulator has little history to play up to it.
 */
function plainMonday(): string {
  let date = utcToIsoDate(Date.now() + 3 * DAY)
  for (;;) {
    const monday = dayOfWeek(date) === 1
    if (
      monday &&
      [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].every((k) => isTradingDay('jp', addDays(date, k)))
    )
      return date
    date = addDays(date, 1)
  }
}
const MONDAY_DATE = plainMonday()
/** The local date `k` calendar days after that Monday ('YYYY-MM-DD'). */
export const day = (k: number) => addDays(MONDAY_DATE, k)
/** An instant on the Tokyo clock: `atTokyo(day(2), '15:30')`. */
export const atTokyo = (date: string, hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number)
  return epochAtLocal('jp', date, h * 60 + m)
}
/** That Monday, 10:00 in Tokyo. */
export const MONDAY = atTokyo(day(0), '10:00')
/** The accrual instant of a Tokyo trading day (15:30 JST). */
export const accrualOn = (date: string) => atTokyo(date, '15:30')

/**
 * A gateway with time travel and the operator token, its clock on MONDAY. Its market keeps real
 * hours: the simulator plays its prints up to every clock the tests set, and outside the sessions
 * there are none to play (around the clock, a simulated day cost about a second of CPU).
 */
export async function startProductApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp({
    // The job's timer stays out of the way: tests run its passes themselves.
    env: { TIME_TRAVEL: '1', OPS_TOKEN, PRODUCT_JOB_MS: '3600000', MARKET_HOURS: 'real', ...env },
  })
  t.app.clock.set(MONDAY)
  return t
}

/** A user with a fund password and `jpy` yen. */
export async function follower(t: TestApp, account: string, jpy = '10000000') {
  const grant = await newUser(t, account)
  await setFundPassword(t, grant)
  if (jpy !== '0') await credit(t, account, 'JPY', jpy)
  return grant
}

/** `POST /api/ops/products`: a yen product open now until Friday 16:00 unless `body` says otherwise. */
export function postProduct(t: TestApp, body: Record<string, unknown> = {}): Promise<OpsAnswer> {
  return ops(t.url, 'POST', '/products', {
    type: 'jpy',
    issuer_code: 'test-issuer',
    issuer: 'Test Issuer',
    name: { ja: 'テスト戦略', zh: '测试策略', en: 'Test strategy' },
    daily_rate: '0.001',
    min: '10000',
    capacity: '10000000',
    lock_days: 2,
    deadline: atTokyo(day(4), '16:00'),
    ...body,
  })
}

export async function newProduct(t: TestApp, body: Record<string, unknown> = {}): Promise<Product> {
  const answer = await postProduct(t, body)
  if (answer.status !== 1) throw new Error(`product refused: ${answer.msg}`)
  return answer.data as Product
}

export function productBuy(
  t: TestApp,
  g: SessionGrant,
  form: Record<string, string>,
): Promise<BrokerAnswer> {
  return brokerApi(
    t.url,
    '/trade/productbuy',
    { fund_password: FUND_PASSWORD, idem: randomUUID(), ...form },
    session(g),
  )
}

export async function bought(t: TestApp, g: SessionGrant, id: string, money: string) {
  const answer = await productBuy(t, g, { id, money })
  if (answer.status !== 1) throw new Error(`buy refused: ${answer.msg}`)
  return (answer.data as { id: string }).id
}

export const productEnd = (t: TestApp, g: SessionGrant, id: string, idem: string = randomUUID()) =>
  brokerApi(t.url, '/trade/productend', { id, idem }, session(g))

export const productInfo = (t: TestApp, g: SessionGrant, id: string) =>
  brokerData<Product>(t.url, '/trade/productinfo', { id }, session(g))

export const myOrders = (t: TestApp, g: SessionGrant, type = 'jpy') =>
  brokerData<ProductOrder[]>(t.url, '/trade/userproductlist', { type }, session(g))

export async function myOrder(t: TestApp, g: SessionGrant, id: string) {
  const found = (await myOrders(t, g)).find((o) => o.id === id)
  if (!found) throw new Error(`order ${id} not listed`)
  return found
}

/** A user's books of one currency: available and product (straight from the ledger's accounts). */
export async function booksOf(t: TestApp, account: string, currency: Currency = 'JPY') {
  return userBooks(t, await userIdOf(t, account), currency)
}

export async function userBooks(t: TestApp, userId: bigint, currency: Currency = 'JPY') {
  const rows = await t.app.db
    .selectFrom('ledger_accounts')
    .select(['book', 'balance'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .execute()
  const of = (book: string) => rows.find((r) => r.book === book)?.balance ?? 0n
  return { available: of('available'), product: of('product'), frozen: of('frozen') }
}

/** The issuer account's id of a code. */
export const issuerIdOf = (t: TestApp, code = 'test-issuer') => userIdOf(t, `issuer.${code}`)

/** Moves the clock to `at` and runs one pass of the products job. */
export async function passAt(t: TestApp, at: number): Promise<void> {
  t.app.clock.set(at)
  await t.app.broker.products.jobs.runOnce()
}

/** The `product_profit` lines of an order, in 1/10,000 units, oldest first. */
export async function profitLines(t: TestApp, orderNo: string): Promise<bigint[]> {
  const rows = await t.app.db
    .selectFrom('ledger_transactions as x')
    .innerJoin('ledger_entries as e', 'e.tx_id', 'x.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select('e.amount')
    .where('x.order_no', '=', orderNo)
    .where('x.kind', '=', 'product_profit')
    .where('a.book', '=', 'product')
    .orderBy('x.id')
    .execute()
  return rows.map((r) => r.amount)
}
