import { expect } from 'vitest'
import { randomUUID } from 'node:crypto'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { HoldingList, ClosedHoldingList } from '@kabu/shared/api/trade'
import type { Currency } from '@kabu/shared/money/currencies'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { roundUnitsToTick } from '@kabu/shared/market/ticks'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { taxOn } from '@kabu/shared/tax/withholding'
import { startTestApp, type TestApp } from '../support/app'
import { newUser, verifiedUser } from '../support/identity'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import { createTradingService } from '../../gateway/src/broker/trading/service'
import { selfFrozen } from '../../gateway/src/broker/trust/index'
import { identityChecks } from '../../gateway/src/composition/identity-checks'

/** Helpers of the trading tests. */

export const TOYOTA = '7203'
export const MOUTAI = '600519'
export const APPLE = 'AAPL'
export const MINUTE = 60_000

export const idem = () => randomUUID()

/** A gateway with time travel, markets always open unless `env` says otherwise. */
export function startTradingApp(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ env: { TIME_TRAVEL: '1', ...env } })
}

export async function userIdOf(t: TestApp, account: string): Promise<bigint> {
  const row = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow()
  return row.id
}

/** Credits cash as an approved deposit would: house bank_clearing → the user's available book. */
export async function credit(t: TestApp, account: string, currency: Currency, amount: string) {
  const userId = await userIdOf(t, account)
  const units = parseUnits(amount)
  if (units === null) throw new Error(`bad amount ${amount}`)
  await t.app.db.transaction().execute((trx) =>
    t.app.broker.ledger.post(trx, {
      kind: 'deposit',
      userId,
      orderNo: `TEST-${randomUUID()}`,
      postings: [
        { account: { house: 'bank_clearing', currency }, amount: -units },
        { account: { user: userId, book: 'available', currency }, amount: units },
      ],
    }),
  )
}

/** What `trader` deposits in yen by default, in units. */
export const START = 10_000_000n * 10_000n

/** The buy fee of the test gateway's settings on `cost` (units): 0.1 %, down to the yen. */
export const feeOf = (cost: bigint) => (cost / 1000n / 10_000n) * 10_000n

/**
 * A new user with `jpy` yen (and 100,000 USD and 1,000,000 CNY) to trade with; `verified` (identity
 * approved, fund password set) for what borrows from the house, such as a credit buy.
 */
export async function trader(
  t: TestApp,
  account: string,
  jpy = String(START / 10_000n),
  { verified = false } = {},
): Promise<SessionGrant> {
  const grant = await (verified ? verifiedUser(t, account) : newUser(t, account))
  await credit(t, account, 'JPY', jpy)
  await credit(t, account, 'USD', '100000')
  await credit(t, account, 'CNY', '1000000')
  return grant
}

export const buy = (
  t: TestApp,
  g: SessionGrant,
  form: Record<string, string>,
): Promise<BrokerAnswer> =>
  brokerApi(
    t.url,
    '/trade/buy',
    { type: 'jpy', code: TOYOTA, num: '100', idem: idem(), ...form },
    session(g),
  )

export const sell = (
  t: TestApp,
  g: SessionGrant,
  form: Record<string, string>,
): Promise<BrokerAnswer> =>
  brokerApi(t.url, '/trade/sell', { num: '100', idem: idem(), ...form }, session(g))

export const openList = (t: TestApp, g: SessionGrant, type = 'jpy') =>
  brokerData<HoldingList>(t.url, '/trade/userstocklist', { type }, session(g))

export const endedList = (t: TestApp, g: SessionGrant, type = 'jpy') =>
  brokerData<ClosedHoldingList>(t.url, '/trade/userstocklists', { type }, session(g))

/** The user's ledger books in one currency. */
export async function books(t: TestApp, account: string, currency: Currency) {
  return t.app.broker.ledger.balances(t.app.db, await userIdOf(t, account), currency)
}

/** Moves the gateway's clock forward by `ms` and lets the simulator play up to it. */
export async function advance(t: TestApp, ms: number): Promise<void> {
  t.app.clock.set(t.app.clock.now() + ms)
  await new Promise((resolve) => setTimeout(resolve, 300))
}

/**
 * Waits until the simulator has printed `codes` since the clock last moved: until then a market
 * order on them is refused `quote_stale` (how long that takes depends on the machine's load).
 */
export async function untilFresh(t: TestApp, ...codes: string[]): Promise<void> {
  await expect
    .poll(() => codes.every((code) => !t.app.market.isStale(code)), {
      timeout: 15_000,
      interval: 20,
    })
    .toBe(true)
}

/** The live price of `code` in 1/10,000 units. */
export function lastUnits(t: TestApp, code: string): bigint {
  const quote = t.app.market.snapshot(code)
  if (!quote) throw new Error(`no quote for ${code}`)
  return BigInt(Math.round(quote.price * 10_000))
}

/** A limit price (units) below Toyota's market that the simulator will not reach during a test. */
export function restingLimit(t: TestApp): bigint {
  const quote = t.app.market.snapshot(TOYOTA)!
  const target = Number((lastUnits(t, TOYOTA) * 95n) / 100n)
  const down = Math.round(quote.limitDown! * 10_000)
  return BigInt(Math.max(down, roundUnitsToTick(listingByCode(TOYOTA)!, target, 'down')))
}

/** A price `percent` % of `code`'s last one (units), on the grid and inside the day's limits. */
/**
 * A price `yen` beyond the day's limit of `code` (up, or down when `yen` is negative), on the tick
 * grid (a price off it is invalid_input before any limit is looked at), as the form writes it.
 */
export function pastLimit(t: TestApp, code: string, yen: number): string {
  const quote = t.app.market.snapshot(code)!
  const limit = Math.round((yen > 0 ? quote.limitUp! : quote.limitDown!) * 10_000)
  const units = roundUnitsToTick(
    listingByCode(code)!,
    limit + yen * 10_000,
    yen > 0 ? 'up' : 'down',
  )
  return formatUnits(BigInt(units))
}

export function priceNear(t: TestApp, code: string, percent: number): bigint {
  const listing = listingByCode(code)!
  const quote = t.app.market.snapshot(code)!
  let units = roundUnitsToTick(
    listing,
    Number((lastUnits(t, code) * BigInt(percent)) / 100n),
    'down',
  )
  if (quote.limitUp !== null) units = Math.min(units, Math.round(quote.limitUp * 10_000))
  if (quote.limitDown !== null) units = Math.max(units, Math.round(quote.limitDown * 10_000))
  return BigInt(units)
}

/** How many holdings rows the database has, every user's: a refused order writes none. */
export async function holdingsCount(t: TestApp): Promise<number> {
  const row = await t.app.db
    .selectFrom('holdings')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * A second trading service over the test gateway's database: another gateway of the cluster, whose
 * orders this gateway learns of only through the database.
 */
export function otherGatewayTrading(t: TestApp) {
  const checks = identityChecks(t.app.clock, t.app.broker.secondFactor.verifySecondFactor)
  return createTradingService({
    db: t.app.db,
    clock: t.app.clock,
    ledger: t.app.broker.ledger,
    tax: t.app.broker.tax.book,
    market: t.app.market,
    settings: t.app.config.trading,
    verifyFundPassword: checks.verifyFundPassword,
    identityStatus: checks.identityStatus,
    selfFrozen,
    userEvents: { emit: () => {} },
    marketHours: t.app.config.marketHours,
    nisa: t.app.broker.accounts.nisaBook,
  })
}

/**
 * What a fresh user's first sale withholds in the default 特定口座 源泉徴収あり: the tax on its gain
 * when the price rose past the fees since the buy (the one holding is the code's whole average).
 */
export function firstSaleTax(part: { yingkui: string }): bigint {
  const gain = parseUnits(part.yingkui)
  if (gain === null || gain <= 0n) return 0n
  const { national, local } = taxOn(gain)
  return national + local
}
