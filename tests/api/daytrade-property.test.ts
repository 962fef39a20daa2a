import fc from 'fast-check'
import type { SessionGrant, Userinfo } from '@kabu/shared/api/user'
import { deriveAssets } from '@kabu/shared/assets'
import { formatUnits } from '@kabu/shared/money/decimal'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import {
  applyDaytrade,
  approveDaytrade,
  daytradeBooks,
  daytradeList,
  daytradeOrder,
  dayTrader,
  rejectDaytrade,
  startDaytradeApp,
} from './daytrade.support'
import { lastUnits, userIdOf } from './trading.support'

/**
 * Random users apply with random funds, are approved or rejected, trade long and short at random
 * (market orders and marketable limits) and are closed out by the forced flat at random moments.
 * After every step: the ledger checker passes, and for every user
 *   available + frozen + intraday + Σ open positions at entry = start + Σ P/L − Σ fees
 * (the books and the rows tell one story), spec §7's derivation (shared/src/assets.ts) from the
 * lists the app reads says the same, frozen is exactly the funds waiting for review, no
 * participation's gross open notional exceeds its funds, and a traded one returned exactly
 * funds + P/L − fees.
 */

const START = 20_000_000n * 10_000n
const CODES = ['7203', '6758', '9432']
let t: TestApp
const users: { g: SessionGrant; id: bigint }[] = []

beforeAll(async () => {
  t = await startDaytradeApp()
  for (let i = 0; i < 3; i++) {
    const g = await dayTrader(t, `dtprop${i}x${Date.now() % 10000}`, formatUnits(START))
    users.push({ g, id: await userIdOf(t, g.account) })
  }
})
afterAll(() => t.stop())

const action = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('apply' as const),
      user: fc.nat(2),
      yen: fc.integer({ min: 100_000, max: 3_000_000 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('review' as const),
      user: fc.nat(2),
      approve: fc.nat(4).map((n) => n > 0),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      user: fc.nat(2),
      code: fc.nat(CODES.length - 1),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      lots: fc.integer({ min: 1, max: 8 }),
      limit: fc.boolean(),
    }),
    weight: 8,
  },
  { arbitrary: fc.record({ kind: fc.constant('close' as const) }), weight: 1 },
)

/** Every run starts with each user applying, and most of them approved. */
const opening = fc.tuple(
  ...[0, 1, 2].map((user) =>
    fc.record({
      kind: fc.constant('apply' as const),
      user: fc.constant(user),
      yen: fc.integer({ min: 300_000, max: 3_000_000 }),
    }),
  ),
  ...[0, 1, 2].map((user) =>
    fc.record({
      kind: fc.constant('review' as const),
      user: fc.constant(user),
      approve: fc.nat(4).map((n) => n > 0),
    }),
  ),
)

async function checkUser(u: { g: SessionGrant; id: bigint }) {
  const db = t.app.db
  const books = await daytradeBooks(t, u.g.account)
  const parts = await db
    .selectFrom('daytrade_participations')
    .selectAll()
    .where('user_id', '=', u.id)
    .execute()
  const positions = await db
    .selectFrom('daytrade_positions')
    .innerJoin('daytrade_participations as p', 'p.id', 'daytrade_positions.participation_id')
    .select(['daytrade_positions.participation_id', 'daytrade_positions.cost'])
    .where('p.user_id', '=', u.id)
    .execute()
  const atEntry = positions.reduce((s, p) => s + p.cost, 0n)
  const pnl = parts.reduce((s, p) => s + p.pnl, 0n)
  const fees = parts.reduce((s, p) => s + p.fees, 0n)
  expect(books.available + books.frozen + books.intraday + atEntry).toBe(START + pnl - fees)
  // Spec §7's derivation from what the app reads agrees with the ledger.
  const assets = deriveAssets({
    type: 'jpy',
    userinfo: { jpy: formatUnits(books.available) } as Userinfo,
    newStocks: [],
    withdrawals: [],
    products: [],
    credits: [],
    holdings: { ccsz: '0', fdyk: '0' },
    daytrades: await daytradeList(t, u.g),
  })
  expect(assets.frozenCash).toBe(formatUnits(books.frozen))
  expect(assets.totalAssets).toBe(
    formatUnits(books.available + books.frozen + books.intraday + atEntry),
  )
  const waiting = parts.filter((p) => p.status === 0n).reduce((s, p) => s + p.funds, 0n)
  expect(books.frozen).toBe(waiting)
  for (const p of parts) {
    const gross = positions
      .filter((x) => x.participation_id === p.id)
      .reduce((s, x) => s + (x.cost < 0n ? -x.cost : x.cost), 0n)
    expect(gross <= p.funds).toBe(true)
    if (p.status === 2n) expect(p.returned).toBe(p.funds + p.pnl - p.fees)
  }
}

describe('day trading at random', () => {
  it('keeps the books and the rows in agreement through apply, review, orders and the flat', async () => {
    await fc.assert(
      fc.asyncProperty(
        opening,
        fc.array(action, { minLength: 4, maxLength: 16 }),
        async (first, rest) => {
          for (const a of [...first, ...rest]) {
            if (a.kind === 'apply') {
              const answer = await applyDaytrade(t, users[a.user]!.g, { money: String(a.yen) })
              if (answer.status !== 1) expect(answer.msg).toBe('daytrade_in_progress')
            } else if (a.kind === 'review') {
              const pending = await t.app.db
                .selectFrom('daytrade_participations')
                .select('id')
                .where('user_id', '=', users[a.user]!.id)
                .where('status', '=', 0n)
                .executeTakeFirst()
              if (pending) {
                const id = String(pending.id)
                const answer = a.approve
                  ? await approveDaytrade(t, id)
                  : await rejectDaytrade(t, id)
                expect(answer.status).toBe(1)
              }
            } else if (a.kind === 'order') {
              const open = await t.app.db
                .selectFrom('daytrade_participations')
                .select('id')
                .where('user_id', '=', users[a.user]!.id)
                .where('status', 'in', [1n, 4n])
                .executeTakeFirst()
              const code = CODES[a.code]!
              const price = a.limit ? formatUnits(lastUnits(t, code)) : undefined
              const answer = await daytradeOrder(t, users[a.user]!.g, {
                id: open ? String(open.id) : '999999',
                code,
                side: a.side,
                num: String(a.lots * 100),
                ...(price ? { price } : {}),
              })
              if (answer.status !== 1) {
                expect([
                  'not_found',
                  'daytrade_exposure_limit',
                  'insufficient_balance',
                  // A marketable limit read a moment before the price moved away from it.
                  'daytrade_limit_not_marketable',
                  // A TSE special quote (特別気配): nothing prints, so nothing fills at the market.
                  'price_unavailable',
                ]).toContain(answer.msg)
              }
            } else {
              const next = await t.app.db
                .selectFrom('daytrade_participations')
                .select((eb) => eb.fn.min<string | number | bigint | null>('closes_at').as('at'))
                .where('status', 'in', [1n, 4n])
                .executeTakeFirst()
              if (next?.at !== null && next?.at !== undefined) {
                t.app.clock.set(Number(next.at) + 1)
                await t.app.broker.daytrade.jobs.runOnce()
              }
            }
            await expectLedgerConsistent(t.app.db)
            for (const u of users) await checkUser(u)
          }
        },
      ),
      { numRuns: 6 },
    )
    // The runs traded, not only refused. Whether a random history also ends with a position open
    // at the close (a forced fill) is chance over 6 runs; daytrade.test.ts and the sessions test
    // flatten positions on purpose.
    const fills = await t.app.db
      .selectFrom('daytrade_fills')
      .select(['forced', (eb) => eb.fn.countAll<string | number | bigint>().as('n')])
      .groupBy('forced')
      .execute()
    expect(fills.map((f) => Number(f.forced))).toContain(0)
  }, 300_000)
})
