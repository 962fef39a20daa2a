// Postings whose users' lines are a query (selected.sql.ts): an IPO draw refunds every
// application straight from the settled rows. The same rules as every posting, proved here.
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerConsistent } from '../../../../tests/support/invariants'
import type { Posting, SelectedLines } from './index'
import { ledgerFixture, type LedgerFixture } from './ledger.fixture'

let f: LedgerFixture

beforeAll(async () => {
  f = await ledgerFixture()
})
afterEach(() => expectLedgerConsistent(f.db))
afterAll(() => f.close())

type Line = { user: bigint; book: 'available' | 'frozen'; amount: bigint }

/** The lines as a query of literal rows (typed, so PostgreSQL compares them with the columns). */
const selected = (lines: readonly Line[]): SelectedLines =>
  sql.join(
    lines.map(
      (l) =>
        sql`select cast(${String(l.user)} as bigint) as user_id, cast(${l.book} as text) as book,
          cast('JPY' as text) as currency, cast(${String(l.amount)} as bigint) as amount`,
    ),
    sql` union all `,
  )

const clearing = (amount: bigint): Posting[] => [
  { account: { house: 'bank_clearing', currency: 'JPY' }, amount },
]

const post = (orderNo: string, users: readonly Line[], house: Posting[] = []) =>
  f.db.transaction().execute((trx) =>
    f.ledger.post(trx, {
      kind: 'ipo_draw',
      userId: null,
      orderNo,
      selected: selected(users),
      postings: house,
    }),
  )

const entriesOf = (orderNo: string) =>
  f.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['a.user_id', 'a.book', 'e.amount', 'e.balance_after'])
    .where('t.order_no', '=', orderNo)
    .orderBy('a.user_id')
    .orderBy('a.book')
    .execute()

describe(`ledger, postings of selected lines (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('posts every line with the balance after it, and the house lines that balance them', async () => {
    const [a, b] = [await f.newUser(), await f.newUser()]
    await f.deposit(a, 50n)
    await f.deposit(b, 70n)
    // a's frozen book is new: the posting creates it. b pays 30 to the house.
    await post(
      'SEL-OK',
      [
        { user: a, book: 'available', amount: -20n },
        { user: a, book: 'frozen', amount: 20n },
        { user: b, book: 'available', amount: -30n },
        { user: b, book: 'frozen', amount: 0n },
      ],
      clearing(30n),
    )
    expect(await f.ledger.balances(f.db, a, 'JPY')).toMatchObject({ available: 30n, frozen: 20n })
    expect(await f.ledger.balances(f.db, b, 'JPY')).toMatchObject({ available: 40n, frozen: 0n })
    // The zero line is left out; each entry carries its account's balance after it.
    expect((await entriesOf('SEL-OK')).filter((e) => e.user_id !== null)).toEqual([
      { user_id: a, book: 'available', amount: -20n, balance_after: 30n },
      { user_id: a, book: 'frozen', amount: 20n, balance_after: 20n },
      { user_id: b, book: 'available', amount: -30n, balance_after: 40n },
    ])
  })

  it('refuses the whole posting when one book would overdraw, or was never credited', async () => {
    const [a, b] = [await f.newUser(), await f.newUser()]
    await f.deposit(a, 10n)
    const freeze = (amount: bigint, user = a) => [
      { user, book: 'available' as const, amount: -amount },
      { user, book: 'frozen' as const, amount },
    ]
    await expect(post('SEL-OVER', freeze(11n))).rejects.toThrow('insufficient_balance')
    await expect(post('SEL-NEVER', [...freeze(1n), ...freeze(1n, b)])).rejects.toThrow(
      'insufficient_balance',
    )
    expect(await f.ledger.balances(f.db, a, 'JPY')).toMatchObject({ available: 10n, frozen: 0n })
    expect(await entriesOf('SEL-NEVER')).toEqual([])
  })

  it('fails as a bug, writing nothing, when the lines do not balance or name an account twice', async () => {
    const a = await f.newUser()
    await f.deposit(a, 10n)
    await expect(post('SEL-UNBALANCED', [{ user: a, book: 'frozen', amount: 5n }])).rejects.toThrow(
      'sum to 5',
    )
    await expect(
      post('SEL-TWICE', [
        { user: a, book: 'available', amount: -3n },
        { user: a, book: 'frozen', amount: 1n },
        { user: a, book: 'frozen', amount: 2n },
      ]),
    ).rejects.toThrow('account twice')
    expect(await f.ledger.balances(f.db, a, 'JPY')).toMatchObject({ available: 10n, frozen: 0n })
    expect(await entriesOf('SEL-TWICE')).toEqual([])
  })
})
