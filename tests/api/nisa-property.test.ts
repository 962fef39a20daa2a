import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { epochAtLocal } from '@kabu/shared/market/time-zone'
import { NISA_LIMITS, nisaAsOf } from '@kabu/shared/tax/nisa'
import { roomOf } from '../../gateway/src/broker/accounts/accounts.sql'
import { Refusal } from '../../gateway/src/broker/common/refusal'
import { reserveOrderId } from '../../gateway/src/broker/trading/orders.sql'
import type { NisaBook } from '../../gateway/src/broker/common/nisa-book'
import { startTestApp, type TestApp } from '../support/app'

/**
 * NISA's growth frame as a property, through the gateway's NisaBook on either store: random buys
 * (filled at once, or resting and then filled or cancelled), sales and new years. A model written
 * from MARKET-RULES.md §10 alone (¥2.4M of purchases a year; ¥12M of growth book value held, a
 * sale's coming back from the next year) says which buys fit; the book must agree on every one,
 * and its stored figures must be the model's, never past a room.
 */

let t: TestApp
let book: NisaBook
let run = 0

beforeAll(async () => {
  t = await startTestApp()
  book = t.app.broker.accounts.nisaBook
})
afterAll(() => t.stop())

const YEN = 10_000n
const FIRST_YEAR = 2031
const noonOf = (year: number) => epochAtLocal('jp', `${year}-06-10`, 12 * 60)

type Command =
  | { kind: 'buy'; cost: bigint }
  | { kind: 'rest'; cost: bigint }
  | { kind: 'fill'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'sell'; pick: number }
  | { kind: 'year' }

const cost = fc.integer({ min: 1, max: 30 }).map((k) => BigInt(k) * 100_000n * YEN)
const pick = fc.nat(20)
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: cost.map((c) => ({ kind: 'buy' as const, cost: c })), weight: 4 },
  { arbitrary: cost.map((c) => ({ kind: 'rest' as const, cost: c })), weight: 2 },
  { arbitrary: pick.map((p) => ({ kind: 'fill' as const, pick: p })), weight: 1 },
  { arbitrary: pick.map((p) => ({ kind: 'cancel' as const, pick: p })), weight: 1 },
  { arbitrary: pick.map((p) => ({ kind: 'sell' as const, pick: p })), weight: 2 },
  { arbitrary: fc.constant({ kind: 'year' as const }), weight: 1 },
)

const sum = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n)

/** What MARKET-RULES.md §10 says the account holds, kept apart from the gateway's rules. */
class Model {
  year = FIRST_YEAR
  bought = new Map<number, bigint>()
  sold = new Map<number, bigint>()
  held: bigint[] = []
  resting: { id: bigint; cost: bigint }[] = []
  reserved = () => sum(this.resting.map((r) => r.cost))
  growthUsed = () => (this.bought.get(this.year) ?? 0n) + this.reserved()
  /** Growth book value held, plus this year's sales (back only next year), plus reservations. */
  lifetimeUsed = () =>
    sum(this.bought.values()) -
    sum([...this.sold].filter(([y]) => y < this.year).map(([, v]) => v)) +
    this.reserved()
  fits = (c: bigint) =>
    this.growthUsed() + c <= NISA_LIMITS.growthYear &&
    this.lifetimeUsed() + c <= NISA_LIMITS.growthLifetime
  add = (map: Map<number, bigint>, c: bigint) => map.set(this.year, (map.get(this.year) ?? 0n) + c)
}

const refusedKey = (error: unknown) => {
  if (error instanceof Refusal) return error.key
  throw error
}

describe('NISA rooms, as a property (both stores)', () => {
  it('take exactly what fits, never pass a room, and give sales back only the next year', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 30 }), async (commands) => {
        run++
        const { rows } = await sql<{ id: bigint }>`insert into users
            (account, password_hash, invite_code, created_at)
          values (${`nisaprop${run}x${Date.now() % 100000}`}, 'x', ${`NP${run}X${Date.now() % 100000}`}, 1)
          returning id`.execute(t.app.db)
        const userId = rows[0]!.id
        await t.app.db
          .insertInto('nisa_accounts')
          .values({ user_id: userId, opened_at: noonOf(FIRST_YEAR), year: FIRST_YEAR })
          .execute()
        const m = new Model()
        const inTx = <T>(f: (db: typeof t.app.db) => Promise<T>) =>
          t.app.db.transaction().execute(f)
        const order = (db: typeof t.app.db, id: bigint, set: { status: 'filled' | 'cancelled' }) =>
          db
            .updateTable('orders')
            .set({ ...set, nisa_reserved: 0n })
            .where('id', '=', id)
            .execute()

        for (const c of commands) {
          const now = noonOf(m.year)
          if (c.kind === 'buy' || c.kind === 'rest') {
            const fits = m.fits(c.cost)
            const got = await inTx(async (db) => {
              await book.place(db, userId, c.cost, c.kind === 'buy', now)
              if (c.kind === 'buy') return undefined
              const written = await db
                .insertInto('orders')
                .values({
                  // Orders draw their ids from the holdings' sequence (migration 0029).
                  id: await reserveOrderId(db),
                  user_id: userId,
                  order_no: `NP-${run}-${m.resting.length}-${now}-${Math.random()}`,
                  code: '7203',
                  market: 'jp',
                  currency: 'JPY',
                  side: 'buy',
                  kind: 'limit',
                  price: c.cost / 100n,
                  num: 100,
                  status: 'open',
                  validity: 'day',
                  expires_at: now,
                  account: 'nisa',
                  nisa_reserved: c.cost,
                  created_at: now,
                  updated_at: now,
                })
                .returning('id')
                .executeTakeFirstOrThrow()
              return written.id
            }).then(
              (id) => ({ ok: true as const, id }),
              (error: unknown) => ({ ok: false as const, key: refusedKey(error) }),
            )
            expect(got.ok ? 'ok' : got.key).toBe(fits ? 'ok' : 'nisa_limit')
            if (got.ok && c.kind === 'buy') {
              m.add(m.bought, c.cost)
              m.held.push(c.cost)
            }
            if (got.ok && got.id !== undefined) m.resting.push({ id: got.id, cost: c.cost })
          } else if ((c.kind === 'fill' || c.kind === 'cancel') && m.resting.length > 0) {
            const [r] = m.resting.splice(c.pick % m.resting.length, 1)
            await inTx(async (db) => {
              await order(db, r!.id, { status: c.kind === 'fill' ? 'filled' : 'cancelled' })
              if (c.kind === 'fill') await book.filled(db, userId, r!.cost, now)
            })
            if (c.kind === 'fill') {
              m.add(m.bought, r!.cost)
              m.held.push(r!.cost)
            }
          } else if (c.kind === 'sell' && m.held.length > 0) {
            const [value] = m.held.splice(c.pick % m.held.length, 1)
            await inTx((db) => book.sold(db, userId, value!, now))
            m.add(m.sold, value!)
          } else if (c.kind === 'year') {
            m.year++
          }

          const row = await t.app.db
            .selectFrom('nisa_accounts')
            .selectAll()
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
          const room = nisaAsOf(roomOf(row), m.year)
          const reserved = m.reserved()
          expect(room.growthUsed + reserved).toBe(m.growthUsed())
          expect(room.lifetimeUsed + reserved).toBe(m.lifetimeUsed())
          expect(room.returnsNextYear).toBe(m.sold.get(m.year) ?? 0n)
          expect(room.growthUsed + reserved <= NISA_LIMITS.growthYear).toBe(true)
          expect(room.growthLifetimeUsed + reserved <= NISA_LIMITS.growthLifetime).toBe(true)
          expect(room.lifetimeUsed + reserved <= NISA_LIMITS.lifetime).toBe(true)
        }
      }),
      { numRuns: 10 },
    )
  }, 60_000)
})
