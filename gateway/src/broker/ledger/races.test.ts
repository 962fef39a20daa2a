import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerConsistent } from '../../../../tests/support/invariants'
import { Refusal } from '../common/refusal'
import { idempotent } from '../common/idempotency'
import { ledgerFixture, userBooks, type LedgerFixture } from './ledger.fixture'

let f: LedgerFixture

beforeAll(async () => {
  f = await ledgerFixture()
})
afterEach(() => expectLedgerConsistent(f.db))
afterAll(() => f.close())

const store = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'

/** Freezes `amount` of the user's yen for a withdrawal, in its own SQL transaction. */
function freeze(userId: bigint, amount: bigint, orderNo: string) {
  return f.db.transaction().execute((trx) =>
    f.ledger.post(trx, {
      kind: 'withdraw_freeze',
      userId,
      orderNo,
      postings: [
        { account: { user: userId, book: 'available', currency: 'JPY' }, amount: -amount },
        { account: { user: userId, book: 'frozen', currency: 'JPY' }, amount },
      ],
    }),
  )
}

async function txCountOf(userId: bigint): Promise<number> {
  const row = await f.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

describe(`races (${store})`, () => {
  it('200 concurrent debits of 60 on a balance of 100: exactly one succeeds', async () => {
    const user = await f.newUser()
    await f.deposit(user, 100n)
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => freeze(user, 60n, `W${i}`)),
    )
    const won = outcomes.filter((o) => o.status === 'fulfilled')
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []))
    expect(won).toHaveLength(1)
    expect(refused).toHaveLength(199)
    for (const reason of refused) expect((reason as Refusal).key).toBe('insufficient_balance')
    expect(await f.ledger.balances(f.db, user, 'JPY')).toEqual(
      userBooks({
        available: 40n,
        frozen: 60n,
      }),
    )
    // The deposit and the one freeze: the 199 refusals left no transaction behind.
    expect(await txCountOf(user)).toBe(2)
  })

  it('100 concurrent requests with one idempotency key: one ledger transaction, one answer', async () => {
    const user = await f.newUser()
    await f.deposit(user, 1_000n)
    let runs = 0
    const key = { userId: user, scope: 'withdraw', idem: 'same-key-1', body: { money: '0.006' } }
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        idempotent(f.db, key, async (trx) => {
          runs++
          const { txId } = await f.ledger.post(trx, {
            kind: 'withdraw_freeze',
            userId: user,
            orderNo: 'W-idem',
            postings: [
              { account: { user, book: 'available', currency: 'JPY' }, amount: -60n },
              { account: { user, book: 'frozen', currency: 'JPY' }, amount: 60n },
            ],
          })
          return { id: txId, note: 'frozen' }
        }),
      ),
    )
    expect(runs).toBe(1)
    expect(new Set(answers.map((a) => a.id)).size).toBe(1)
    expect(typeof answers[0]?.id).toBe('bigint')
    expect(answers.every((a) => a.note === 'frozen')).toBe(true)
    expect(await txCountOf(user)).toBe(2)
    expect((await f.ledger.balances(f.db, user, 'JPY')).frozen).toBe(60n)
  })

  it('the same key with another body is an idempotency_conflict and runs nothing', async () => {
    const user = await f.newUser()
    const key = { userId: user, scope: 'exchange', idem: 'k-conflict', body: { money: '1' } }
    expect(await idempotent(f.db, key, async () => ({ got: 5n }))).toEqual({ got: 5n })
    let ran = false
    const other = { ...key, body: { money: '2' } }
    await expect(
      idempotent(f.db, other, async () => {
        ran = true
        return { got: 6n }
      }),
    ).rejects.toMatchObject({ key: 'idempotency_conflict' })
    expect(ran).toBe(false)
    // Key order in the body does not matter; the scope and the user are part of the key.
    const reordered = { ...key, body: { money: '1' } }
    expect(await idempotent(f.db, reordered, async () => ({ got: 7n }))).toEqual({ got: 5n })
    expect(
      await idempotent(f.db, { ...key, scope: 'withdraw' }, async () => ({ got: 8n })),
    ).toEqual({ got: 8n })
    const stranger = await f.newUser()
    expect(await idempotent(f.db, { ...key, userId: stranger }, async () => 9n)).toBe(9n)
  })

  it('a refused command leaves no key behind, so a retry after a deposit runs', async () => {
    const user = await f.newUser()
    const key = { userId: user, scope: 'withdraw', idem: 'k-retry', body: { money: '50' } }
    const attempt = () => idempotent(f.db, key, (trx) => freeze50(trx, user))
    await expect(attempt()).rejects.toBeInstanceOf(Refusal)
    await f.deposit(user, 50n)
    const first = await attempt()
    expect(await attempt()).toEqual(first)
    expect((await f.ledger.balances(f.db, user, 'JPY')).frozen).toBe(50n)
  })

  it('exchanges both ways at once on books that do not exist yet, without a deadlock', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => f.newUser()))
    for (const user of users) {
      await f.deposit(user, 1_000n, 'USD')
      await f.deposit(user, 1_000n, 'JPY')
    }
    const exchange = (user: bigint, from: 'USD' | 'JPY', to: 'USD' | 'JPY') =>
      f.db.transaction().execute((trx) =>
        f.ledger.post(trx, {
          kind: 'fx',
          userId: user,
          orderNo: `FX-${user}-${from}`,
          postings: [
            { account: { user, book: 'available', currency: from }, amount: -10n },
            { account: { house: 'fx', currency: from }, amount: 10n },
            { account: { house: 'fx', currency: to }, amount: -7n },
            { account: { user, book: 'available', currency: to }, amount: 7n },
          ],
        }),
      )
    await Promise.all(
      users.flatMap((user) => [exchange(user, 'USD', 'JPY'), exchange(user, 'JPY', 'USD')]),
    )
    for (const user of users) {
      expect(await f.ledger.balances(f.db, user, 'USD')).toEqual(
        userBooks({
          available: 997n,
          frozen: 0n,
          borrowed: 0n,
        }),
      )
    }
  })

  it('buys and sells of many users at once, sharing house shards, end without a deadlock', async () => {
    // More users than shards, so some share a shard; each user's orders also race each other.
    const users = await Promise.all(Array.from({ length: 20 }, () => f.newUser()))
    for (const user of users) await f.deposit(user, 10_000n)
    const trade = (user: bigint, side: 'buy' | 'sell', i: number) =>
      f.db.transaction().execute((trx) =>
        f.ledger.post(trx, {
          kind: `trade_${side}`,
          userId: user,
          orderNo: `T-${user}-${side}-${i}`,
          postings:
            side === 'buy'
              ? [
                  { account: { user, book: 'available', currency: 'JPY' }, amount: -103n },
                  { account: { house: 'bank_clearing', currency: 'JPY' }, amount: 100n },
                  { account: { house: 'fees', currency: 'JPY' }, amount: 3n },
                ]
              : [
                  { account: { house: 'bank_clearing', currency: 'JPY' }, amount: -100n },
                  { account: { house: 'fees', currency: 'JPY' }, amount: 2n },
                  { account: { user, book: 'available', currency: 'JPY' }, amount: 98n },
                ],
        }),
      )
    const fees = await f.ledger.houseBalance(f.db, 'fees', 'JPY')
    await Promise.all(
      users.flatMap((user) =>
        [0, 1, 2].flatMap((i) => [trade(user, 'buy', i), trade(user, 'sell', i)]),
      ),
    )
    for (const user of users) {
      expect((await f.ledger.balances(f.db, user, 'JPY')).available).toBe(10_000n - 3n * 5n)
    }
    expect(await f.ledger.houseBalance(f.db, 'fees', 'JPY')).toBe(fees + 20n * 3n * 5n)
  })

  it('refuses a malformed idem without running', async () => {
    const user = await f.newUser()
    for (const idem of ['', 'x'.repeat(65), 'a b', 'é']) {
      await expect(
        idempotent(f.db, { userId: user, scope: 's', idem, body: {} }, async () => 1),
      ).rejects.toMatchObject({ key: 'invalid_input' })
    }
  })
})

function freeze50(trx: Parameters<Parameters<typeof idempotent>[2]>[0], user: bigint) {
  return f.ledger.post(trx, {
    kind: 'withdraw_freeze',
    userId: user,
    orderNo: 'W-retry',
    postings: [
      { account: { user, book: 'available', currency: 'JPY' }, amount: -50n },
      { account: { user, book: 'frozen', currency: 'JPY' }, amount: 50n },
    ],
  })
}
