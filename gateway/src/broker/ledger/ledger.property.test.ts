import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENCIES, type Currency } from '@kabu/shared/money/currencies'
import type { LedgerKind } from '@kabu/shared/lines/index'
import { Refusal } from '../common/refusal'
import type { Posting, UserBook } from './index'
import { ledgerFixture, type LedgerFixture } from './ledger.fixture'

/**
 * Random sequences of postings across users, checked against a model kept in the test: after each
 * step the invariant checker passes and every balance equals the model's; a posting that would
 * overdraw is refused and changes nothing. Ledger rows cannot be deleted, so each run gets fresh
 * users instead of a fresh database.
 */

let f: LedgerFixture

beforeAll(async () => {
  f = await ledgerFixture()
})
afterAll(() => f.close())

const USERS = 3
type Step =
  | {
      op: 'credit' | 'freeze' | 'release' | 'payout'
      user: number
      currency: Currency
      amount: bigint
    }
  | { op: 'fx'; user: number; from: Currency; to: Currency; amount: bigint; got: bigint }

const amount = fc.bigInt({ min: 1n, max: 5_000n })
const currency = fc.constantFrom(...CURRENCIES)
const user = fc.nat({ max: USERS - 1 })
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constantFrom('credit', 'freeze', 'release', 'payout'),
    user,
    currency,
    amount,
  }),
  fc
    .record({ op: fc.constant('fx'), user, from: currency, to: currency, amount, got: amount })
    .filter((s) => s.from !== s.to),
) as fc.Arbitrary<Step>

// The kind each step is written as: kinds are the product lines' (shared/src/lines).
const KIND_OF_OP = {
  credit: 'deposit',
  freeze: 'withdraw_freeze',
  release: 'withdraw_release',
  payout: 'withdraw_pay',
  fx: 'fx',
} as const satisfies Record<Step['op'], LedgerKind>

type Model = Map<string, bigint>
const slot = (userId: bigint, book: UserBook, c: Currency) => `${userId}:${book}:${c}`

/** The postings of a step, and what they do to the user's books (for the model). */
function postingsOf(s: Step, userId: bigint): Posting[] {
  const mine = (book: UserBook, c: Currency, a: bigint): Posting => ({
    account: { user: userId, book, currency: c },
    amount: a,
  })
  const house = (book: 'bank_clearing' | 'fx', c: Currency, a: bigint): Posting => ({
    account: { house: book, currency: c },
    amount: a,
  })
  switch (s.op) {
    case 'credit':
      return [
        house('bank_clearing', s.currency, -s.amount),
        mine('available', s.currency, s.amount),
      ]
    case 'freeze':
      return [mine('available', s.currency, -s.amount), mine('frozen', s.currency, s.amount)]
    case 'release':
      return [mine('frozen', s.currency, -s.amount), mine('available', s.currency, s.amount)]
    case 'payout':
      return [mine('frozen', s.currency, -s.amount), house('bank_clearing', s.currency, s.amount)]
    case 'fx':
      return [
        mine('available', s.from, -s.amount),
        house('fx', s.from, s.amount),
        house('fx', s.to, -s.got),
        mine('available', s.to, s.got),
      ]
  }
}

async function expectModel(model: Model, users: bigint[]): Promise<void> {
  for (const userId of users) {
    for (const c of CURRENCIES) {
      const actual = await f.ledger.balances(f.db, userId, c)
      for (const book of ['available', 'frozen', 'borrowed'] as const) {
        expect(actual[book], slot(userId, book, c)).toBe(model.get(slot(userId, book, c)) ?? 0n)
      }
    }
  }
}

describe(`ledger property (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('random postings keep every invariant and match the model', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const users = await Promise.all(Array.from({ length: USERS }, () => f.newUser()))
        const model: Model = new Map()
        for (const s of steps) {
          const userId = users[s.user] as bigint
          const postings = postingsOf(s, userId)
          const next = new Map(model)
          for (const p of postings) {
            if (!('user' in p.account)) continue
            const key = slot(userId, p.account.book, p.account.currency)
            next.set(key, (next.get(key) ?? 0n) + p.amount)
          }
          const overdraws = [...next.values()].some((v) => v < 0n)
          const outcome = await f.db
            .transaction()
            .execute((trx) =>
              f.ledger.post(trx, { kind: KIND_OF_OP[s.op], userId, orderNo: 'P', postings }),
            )
            .then(
              () => 'posted',
              (error: unknown) => {
                if (error instanceof Refusal) return error.key
                throw error
              },
            )
          expect(outcome).toBe(overdraws ? 'insufficient_balance' : 'posted')
          if (!overdraws) for (const [k, v] of next) model.set(k, v)
          expect(await f.ledger.check(f.db)).toEqual({ ok: true, violations: [] })
        }
        await expectModel(model, users)
      }),
      { numRuns: 200 },
    )
  })
})
