// The ledger writes a posting along one of several paths (paths.ts), its own choice by the
// posting's shape and the store. Whichever it takes, the ledger must come out the same: this runs
// one scenario down every path (and, on PostgreSQL, as a hot command's one statement) and asserts
// identical results: the same refusals, the same entries with the same balances after them.
import { sql } from 'kysely'
import type { LedgerKind } from '@kabu/shared/lines/index'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerConsistent } from '../../../../tests/support/invariants'
import { onPostgres } from '../../store/index'
import { toJson } from '../common/json'
import { idempotent, idempotentStatement, type IdempotencyKey } from '../common/idempotency'
import { Refusal } from '../common/refusal'
import type { Guard, LedgerTxInput, Posting } from './index'
import { ledgerFixture, type LedgerFixture } from './ledger.fixture'
import { postAlong, postCommand, type PathName } from './paths'

let f: LedgerFixture

beforeAll(async () => {
  f = await ledgerFixture()
})
afterEach(() => expectLedgerConsistent(f.db))
afterAll(() => f.close())

/** The ledger's paths, and 'command': a posting with a hot command's row and key (PostgreSQL). */
type Way = PathName | 'command'

/** The users' lines as a query of literal rows, the house lines as given (the 'selected' path). */
function asSelected(tx: LedgerTxInput): LedgerTxInput {
  const rows = tx.postings.flatMap(({ account: a, amount }) =>
    'user' in a
      ? [
          sql`select cast(${String(a.user)} as bigint) as user_id, cast(${a.book} as text) as book,
            cast(${a.currency} as text) as currency, cast(${String(amount)} as bigint) as amount`,
        ]
      : [],
  )
  return {
    ...tx,
    postings: tx.postings.filter((p) => !('user' in p.account)),
    selected: sql.join(rows, sql` union all `),
  }
}

let serial = 0

/** The command's own row for the 'command' way: a user row, the simplest table to write. */
const businessRow = () => {
  const name = `conform${++serial}x${process.pid}`
  return {
    at: 'last' as const,
    write: (guard: Guard) =>
      sql`insert into users (account, password_hash, invite_code, created_at)
        select ${name}, 'not-a-login', ${name}, cast(1 as bigint) where ${guard} returning id`,
  }
}

/**
 * Posts `tx` along `way`, in its own SQL transaction, or under the idempotency key `idem` when
 * given. Answers what a command's caller would see (a command's key stores its row's id).
 */
async function post(way: Way, userId: bigint, tx: LedgerTxInput, idem?: string): Promise<unknown> {
  const key: IdempotencyKey = { userId, scope: 'deposit', idem: idem ?? `k${++serial}`, body: {} }
  if (way === 'command') {
    return idempotentStatement(f.db, key, async (keyRow) => {
      const command = { business: businessRow(), key: keyRow }
      const written = await postCommand(f.db, tx, Date.now(), command)
      if (!written) throw new Refusal('insufficient_balance')
      return { id: String(written.businessId) }
    })
  }
  const along = (trx: typeof f.db) =>
    postAlong(trx, way === 'selected' ? asSelected(tx) : tx, Date.now(), way).then(String)
  return idem ? idempotent(f.db, key, along) : f.db.transaction().execute(along)
}

/** What a posting came to: posted, a refusal's key, or that it failed as a bug does. */
const outcome = (answer: Promise<unknown>) =>
  answer.then(
    () => 'posted',
    (error: unknown) => (error instanceof Refusal ? error.key : 'error'),
  )

/** The scenario down one way, on fresh users: every outcome and the entries it left. */
async function scenario(way: Way) {
  const [a, b, c] = [await f.newUser(), await f.newUser(), await f.newUser()]
  const name = (user: bigint | null) => (user === a ? 'a' : user === b ? 'b' : 'house')
  const tx = (kind: LedgerKind, userId: bigint, step: string, postings: Posting[]) =>
    ({ kind, userId, orderNo: `${way}-${step}`, postings }) satisfies LedgerTxInput
  const user = (
    id: bigint,
    book: 'available' | 'frozen',
    currency: 'JPY' | 'USD',
    amount: bigint,
  ) => ({ account: { user: id, book, currency }, amount }) satisfies Posting
  const clearing = (amount: bigint): Posting => ({
    account: { house: 'bank_clearing', currency: 'JPY' },
    amount,
  })
  const fx = (currency: 'JPY' | 'USD', amount: bigint): Posting => ({
    account: { house: 'fx', currency },
    amount,
  })
  const steps: Record<string, string | string[]> = {}
  const run = async (step: string, userId: bigint, postings: Posting[], idem?: string) =>
    (steps[step] = await outcome(post(way, userId, tx('deposit', userId, step, postings), idem)))

  // Balanced postings: a deposit to two users, one of them freezing part of it.
  await run('deposit', a, [
    clearing(-1_500n),
    user(a, 'available', 'JPY', 1_000n),
    user(b, 'available', 'JPY', 500n),
  ])
  await run('freeze', a, [user(a, 'available', 'JPY', -300n), user(a, 'frozen', 'JPY', 300n)])
  // Several currencies in one posting: yen to dollars through the house's fx books.
  await run('fx', a, [
    user(a, 'available', 'JPY', -700n),
    fx('JPY', 700n),
    fx('USD', -5n),
    user(a, 'available', 'USD', 5n),
  ])
  // Insufficient funds, and a debit of a book never credited: refused, nothing written.
  await run('overdraw', b, [user(b, 'available', 'JPY', -501n), clearing(501n)])
  await run('never-credited', c, [user(c, 'available', 'JPY', -1n), clearing(1n)])
  // Postings that do not balance: a bug, a plain error, nothing written.
  await run('unbalanced', b, [user(b, 'available', 'JPY', 1n), clearing(-2n)])
  // An idempotency key replayed: the first answer, one transaction.
  const withdraw = tx('deposit', b, 'replay', [user(b, 'available', 'JPY', -200n), clearing(200n)])
  const [first, again] = [
    await post(way, b, withdraw, 'same'),
    await post(way, b, withdraw, 'same'),
  ]
  steps.replay = toJson(again) === toJson(first) ? 'first answer' : 'another answer'
  // Concurrent debits of 100 on b's 300 left: exactly three go through.
  const concurrent = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      outcome(
        post(
          way,
          b,
          tx('deposit', b, `race${i}`, [user(b, 'available', 'JPY', -100n), clearing(100n)]),
        ),
      ),
    ),
  )
  steps.race = concurrent.map((o) => (o.startsWith('posted') ? 'posted' : o)).sort()

  const entries = await f.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select([
      't.order_no',
      't.kind',
      'a.user_id',
      'a.book',
      'a.currency',
      'e.amount',
      'e.balance_after',
    ])
    .where('t.order_no', 'like', `${way}-%`)
    .where('t.order_no', 'not like', `${way}-race%`)
    .execute()
  const lines = entries
    .map((e) => {
      const who = name(e.user_id)
      // A house book's balance is every test's and shard's: only a user's is this scenario's own.
      const after = who === 'house' ? '' : ` → ${e.balance_after}`
      const step = e.order_no.slice(way.length + 1)
      return `${step} ${e.kind} ${who}/${e.book}/${e.currency} ${e.amount}${after}`
    })
    .sort()
  const balances = {
    a: {
      ...(await f.ledger.balances(f.db, a, 'JPY')),
      usd: (await f.ledger.balances(f.db, a, 'USD')).available,
    },
    b: await f.ledger.balances(f.db, b, 'JPY'),
  }
  return { steps, lines, balances }
}

const postgres = Boolean(process.env.TEST_DATABASE_URL)
const fastWays: Way[] = [
  'bulk',
  'selected',
  ...(postgres ? (['postgres', 'command'] as const) : []),
]

describe(`ledger paths, one result (${postgres ? 'postgres' : 'sqlite'})`, () => {
  let plain: Awaited<ReturnType<typeof scenario>>

  it('runs the scenario down the plain path: a statement per line', async () => {
    expect(onPostgres(f.db)).toBe(postgres)
    plain = await scenario('one-by-one')
    expect(plain.steps).toEqual({
      deposit: 'posted',
      freeze: 'posted',
      fx: 'posted',
      overdraw: 'insufficient_balance',
      'never-credited': 'insufficient_balance',
      unbalanced: 'error',
      replay: 'first answer',
      race: [
        'insufficient_balance',
        'insufficient_balance',
        'insufficient_balance',
        'posted',
        'posted',
        'posted',
      ],
    })
    expect(plain.balances.a).toMatchObject({ available: 0n, frozen: 300n, usd: 5n })
    expect(plain.balances.b).toMatchObject({ available: 0n, frozen: 0n })
    expect(plain.lines).toContain('fx deposit house/fx/USD -5')
    // The replay's one transaction: two entries.
    expect(plain.lines.filter((l) => l.startsWith('replay'))).toHaveLength(2)
  })

  it.each(fastWays)('leaves the same ledger down the %s path', async (way) => {
    expect(await scenario(way)).toEqual(plain)
  })

  it.runIf(postgres)(
    'refuses, as a bug, a command whose debit follows a write: its statement would commit the write alone',
    async () => {
      const user = await f.newUser()
      await f.deposit(user, 10n)
      // In lock order the credit to `available` comes before the debit of `frozen` (never credited).
      const tx: LedgerTxInput = {
        kind: 'deposit',
        userId: user,
        orderNo: 'command-late-debit',
        postings: [
          { account: { user, book: 'frozen', currency: 'JPY' }, amount: -1n },
          { account: { user, book: 'available', currency: 'JPY' }, amount: 1n },
        ],
      }
      const key = { userId: user, scope: 'deposit', idem: 'late', bodyHash: '', createdAt: 1 }
      const command = { business: businessRow(), key }
      await expect(postCommand(f.db, tx, Date.now(), command)).rejects.toThrow('debit')
      expect(await f.ledger.balances(f.db, user, 'JPY')).toMatchObject({ available: 10n })
    },
  )
})
