import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { formatUnits } from '@kabu/shared/money/decimal'
import { Refusal } from '../../gateway/src/broker/common/refusal'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { printShares } from '../support/prints'
import { APPLE, MINUTE, priceNear, startTradingApp, TOYOTA } from './trading.support'
import { expectDerivationMatchesLedger, newUserRow, WALLETS } from './trading-property.support'

/**
 * Random account histories (buys at market and at limits, sells, cancels, prints of a few lots or
 * many, time, short sales and their covers) on the service layer of a real gateway. After each
 * run the ledger's invariants hold and each user's books agree with the rows
 * (expectDerivationMatchesLedger).
 */

const RUNS = Number(process.env.TRADING_PROPERTY_RUNS ?? 200)
const CODES = [TOYOTA, APPLE] as const

type Op =
  | { op: 'buy'; code: number; lots: number; limit: number | null }
  | { op: 'sell'; pick: number; limit: number | null }
  | { op: 'cancel'; pick: number }
  | { op: 'move'; code: number; factor: number; lots: number }
  | { op: 'time'; minutes: number }
  | { op: 'short'; code: number; lots: number; leverage: number }
  | { op: 'cover'; pick: number }

const factor = fc.integer({ min: 90, max: 110 })
const who = fc.integer({ min: 0, max: 1 })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('buy' as const),
    code: fc.integer({ min: 0, max: 1 }),
    lots: fc.integer({ min: 1, max: 4 }),
    limit: fc.option(factor, { nil: null }),
  }),
  fc.record({
    op: fc.constant('sell' as const),
    pick: fc.nat(),
    limit: fc.option(factor, { nil: null }),
  }),
  fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('move' as const),
    code: fc.integer({ min: 0, max: 1 }),
    factor,
    // The shares the print trades: often fewer than a resting order wants (it fills in part).
    lots: fc.constantFrom(1, 1, 2, 1_000),
  }),
  fc.record({ op: fc.constant('time' as const), minutes: fc.integer({ min: 5, max: 20 }) }),
  fc.record({
    op: fc.constant('short' as const),
    code: fc.integer({ min: 0, max: 1 }),
    lots: fc.integer({ min: 1, max: 3 }),
    leverage: fc.constantFrom(1, 2, 3),
  }),
  fc.record({ op: fc.constant('cover' as const), pick: fc.nat() }),
)

let t: TestApp
let runs = 0
/** Outcomes per command, printed at the end: a run where nothing succeeds proves nothing. */
const tally = new Map<string, number>()
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1)

beforeAll(async () => {
  t = await startTradingApp()
  // Orders lapse when the test moves the clock, not between a step and its checks.
  await t.app.broker.trading.orderLapse.stop()
})
afterAll(() => t.stop())

interface RunUser {
  userId: bigint
  account: string
}

async function apply(user: RunUser, everyone: RunUser[], op: Op, n: number) {
  const session = { ...user, sessionId: 0n, tradingBarred: false }
  const { service, orders: orderBook } = t.app.broker.trading
  // Sells and cancels pick among every user's rows: another user's id must read as not found.
  const ids = everyone.map((u) => u.userId)
  const mine = () =>
    t.app.db.selectFrom('holdings').selectAll().where('user_id', 'in', ids).orderBy('id').execute()
  switch (op.op) {
    case 'buy': {
      const code = CODES[op.code]!
      const lot = listingByCode(code)!.lot
      const type = op.code === 0 ? 'jpy' : 'usd'
      const price = op.limit === null ? undefined : formatUnits(priceNear(t, code, op.limit))
      const input = {
        type,
        code,
        num: op.lots * lot,
        price,
        fundPassword: undefined,
        idem: `b${n}`,
      } as const
      return service.buy(session, input)
    }
    case 'sell': {
      const rows = await mine()
      // Mostly the user's own sellable holdings, sometimes any row (ended, pending, another's).
      const own = rows.filter((r) => r.user_id === user.userId && r.status === 0n)
      const from = op.pick % 3 !== 0 && own.length > 0 ? own : rows
      const h = from[op.pick % Math.max(1, from.length)]
      if (!h) return 'sell:nothing'
      const price = op.limit === null ? undefined : formatUnits(priceNear(t, h.code, op.limit))
      const form = { id: h.id, num: Number(h.stock_num), price }
      if (h.user_id !== user.userId) {
        return expectNotFound(service.sell(session, { ...form, idem: `s${n}` }))
      }
      // Two sells of one holding at once: at most one may go through.
      const both = await Promise.allSettled([
        service.sell(session, { ...form, idem: `s${n}` }),
        service.sell(session, { ...form, idem: `r${n}` }),
      ])
      const won = both.filter((r) => r.status === 'fulfilled').length
      const lost = both.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
      if (won === 0) throw lost[0]
      expect(won).toBe(1)
      // Mostly the race's own refusal; on a busy machine the market may turn between the two
      // checks (a new day's price limits: over_price_limit), which refuses the second as well.
      expect(lost).toHaveLength(1)
      expect(lost[0]).toBeInstanceOf(Refusal)
      return 'sell:one_of_two'
    }
    case 'cancel': {
      // Mostly the user's own working orders; sometimes any order or holding id (a resting sell's
      // holding names its order, the rest are refused), or another user's.
      const orders = await t.app.db
        .selectFrom('orders')
        .select(['id', 'user_id', 'status'])
        .where('user_id', 'in', ids)
        .orderBy('id')
        .execute()
      const working = orders.filter((o) => o.user_id === user.userId && o.status === 'open')
      const rows = [...orders, ...(await mine())]
      const from = op.pick % 3 !== 0 && working.length > 0 ? working : rows
      const o = from[op.pick % Math.max(1, from.length)]
      if (o && o.user_id !== user.userId) return expectNotFound(orderBook.cancel(session, o.id))
      return o && orderBook.cancel(session, o.id)
    }
    case 'move': {
      const code = CODES[op.code]!
      const lot = BigInt(listingByCode(code)!.lot)
      const at = t.app.clock.now()
      await printShares(t, code, priceNear(t, code, op.factor), BigInt(op.lots) * lot)
      // A fill of part of an order (any user's: earlier histories' orders still rest).
      const parts = await t.app.db
        .selectFrom('order_fills')
        .innerJoin('orders', 'orders.id', 'order_fills.order_id')
        .select('order_fills.id')
        .where('order_fills.at', '>=', BigInt(at))
        .whereRef('order_fills.num', '<', 'orders.num')
        .execute()
      return parts.length > 0 ? 'move:partly_filled' : 'move:ok'
    }
    case 'time':
      t.app.clock.set(t.app.clock.now() + op.minutes * MINUTE)
      await t.app.broker.trading.creditJobs.runOnce()
      return t.app.broker.trading.orderLapse.runOnce()
    case 'short': {
      const code = CODES[op.code]!
      const num = op.lots * listingByCode(code)!.lot
      const type = WALLETS[op.code]!.type
      const input = { type, code, num, price: undefined, leverage: op.leverage, idem: `h${n}` }
      return service.short(session, input)
    }
    case 'cover': {
      const rows = (await mine()).filter((r) => r.side === 'short')
      const own = rows.filter((r) => r.user_id === user.userId && r.status === 0n)
      const from = op.pick % 3 !== 0 && own.length > 0 ? own : rows
      const h = from[op.pick % Math.max(1, from.length)]
      if (!h) return 'cover:nothing'
      const type = WALLETS.find((w) => w.market === h.market)!.type
      const form = { type, id: h.id, code: h.code, num: Number(h.stock_num), price: undefined }
      const attempt = service.cover(session, { ...form, idem: `c${n}` })
      return h.user_id === user.userId ? attempt : expectNotFound(attempt)
    }
  }
}

async function expectNotFound(attempt: Promise<unknown>) {
  await expect(attempt).rejects.toMatchObject({ key: 'not_found' })
  return 'foreign:not_found'
}

it(`keeps the ledger and the §7 derivation equal over ${RUNS} random histories`, async () => {
  const started = performance.now()
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(who, opArb), { minLength: 1, maxLength: 10, size: 'max' }),
      async (ops) => {
        const run = ++runs
        const users: RunUser[] = []
        for (const name of ['a', 'b']) {
          const account = `prop${run}${name}`
          users.push({ userId: await newUserRow(t, account), account })
        }
        // Each history opens with a position old enough to sell, so sells are more than refusals.
        const opening: Array<[number, Op]> = [
          [0, { op: 'buy', code: 0, lots: 1, limit: null }],
          [1, { op: 'buy', code: 1, lots: 1, limit: null }],
          [0, { op: 'time', minutes: 16 }],
        ]
        let n = 0
        for (const [index, op] of [...opening, ...ops]) {
          // SQLite answers in microtasks: without a turn of the event loop the simulator never
          // steps, and a feed silent for 3 s is stale (price_unavailable) by design.
          await new Promise((resolve) => setTimeout(resolve, 0))
          try {
            const outcome = await apply(users[index]!, users, op, n++)
            count(typeof outcome === 'string' ? outcome : `${op.op}:ok`)
          } catch (error) {
            if (!(error instanceof Refusal)) throw error
            count(`${op.op}:${error.key}`)
          }
        }
        for (const u of users) await expectDerivationMatchesLedger(t, u.userId, count)
      },
    ),
    { numRuns: RUNS },
  )
  await expectLedgerConsistent(t.app.db)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.info(`trading property (${t.database.kind}): ${RUNS} runs in ${seconds} s`, tally)
  const seen = [
    'buy:ok',
    'sell:one_of_two',
    'cancel:ok',
    'foreign:not_found',
    'move:partly_filled',
    'short:ok',
    'cover:ok',
  ]
  for (const done of seen) {
    expect(tally.get(done)).toBeGreaterThan(0)
  }
}, 600_000)
