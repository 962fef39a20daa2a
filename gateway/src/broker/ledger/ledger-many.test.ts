// Many ledger transactions posted at once (many.ts, `ledger.postMany`): a day's accrual posts one
// per followed order, every one debiting the same issuer's book. They must leave exactly the ledger
// that posting them one after the other leaves.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerConsistent } from '../../../../tests/support/invariants'
import type { LedgerTxInput } from './index'
import { ledgerFixture, type LedgerFixture } from './ledger.fixture'

let f: LedgerFixture

beforeAll(async () => {
  f = await ledgerFixture()
})
afterEach(() => expectLedgerConsistent(f.db))
afterAll(() => f.close())

let serial = 0

/**
 * An issuer paying each holder `pay(i)` from its `available` to their `product` book, every third
 * payment with a fee of 1 to the house (a house book in the holder's shard), and each holder's
 * first book (`product`) credited for the first time.
 */
function payments(issuer: bigint, holders: bigint[], pay: (i: number) => bigint): LedgerTxInput[] {
  const orderNo = `MANY${++serial}`
  return holders.map((holder, i) => ({
    kind: 'product_profit',
    userId: holder,
    orderNo: `${orderNo}-${i}`,
    postings: [
      { account: { user: issuer, book: 'available', currency: 'JPY' }, amount: -pay(i) },
      ...(i % 3 === 0
        ? [
            { account: { user: holder, book: 'product', currency: 'JPY' }, amount: pay(i) - 1n },
            { account: { house: 'fees', currency: 'JPY' }, amount: 1n },
          ]
        : [{ account: { user: holder, book: 'product', currency: 'JPY' }, amount: pay(i) }]),
    ] as LedgerTxInput['postings'],
  }))
}

/** A funded issuer and `n` holders. */
async function parties(n: number, funds: bigint) {
  const issuer = await f.newUser()
  await f.deposit(issuer, funds)
  const holders = await Promise.all(Array.from({ length: n }, () => f.newUser()))
  return { issuer, holders }
}

/** Every entry of the transactions of the order numbers `prefix`, users named by their role. */
async function entriesOf(prefix: string, roles: Map<bigint, string>) {
  const rows = await f.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['t.kind', 't.user_id', 't.order_no', 'a.user_id as owner', 'a.book', 'e.amount'])
    .select('e.balance_after')
    .where('t.order_no', 'like', `${prefix}-%`)
    .orderBy('e.id')
    .execute()
  return rows.map((r) => ({
    kind: r.kind,
    tx: `${roles.get(r.user_id!)}:${r.order_no.slice(prefix.length)}`,
    account: `${r.owner === null ? 'house' : roles.get(r.owner)}/${r.book}`,
    amount: r.amount,
    // A house book's balance is every test's fees: only the users' are compared.
    after: r.owner === null ? null : r.balance_after,
  }))
}

const roleMap = (issuer: bigint, holders: bigint[]) =>
  new Map<bigint, string>([[issuer, 'issuer'], ...holders.map((h, i) => [h, `h${i}`] as const)])

describe(`ledger, many transactions at once (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('leaves the same entries, balances after and headers as posting them one by one', async () => {
    const pay = (i: number) => BigInt(7 + (i % 5))
    const one = await parties(300, 10_000n)
    const oneByOne = payments(one.issuer, one.holders, pay)
    for (const tx of oneByOne) await f.db.transaction().execute((trx) => f.ledger.post(trx, tx))
    const many = await parties(300, 10_000n)
    const atOnce = payments(many.issuer, many.holders, pay)
    const { txIds } = await f.db.transaction().execute((trx) => f.ledger.postMany(trx, atOnce))

    expect(txIds).toHaveLength(300)
    expect(new Set(txIds).size).toBe(300)
    const prefixOf = (txs: LedgerTxInput[]) => txs[0]!.orderNo.replace(/-0$/, '')
    const expected = await entriesOf(prefixOf(oneByOne), roleMap(one.issuer, one.holders))
    const got = await entriesOf(prefixOf(atOnce), roleMap(many.issuer, many.holders))
    expect(got).toHaveLength(300 * 2 + 100)
    expect(got).toEqual(expected)
    // Each id is its own transaction's, in the order given.
    const headers = await f.db
      .selectFrom('ledger_transactions')
      .select(['id', 'order_no', 'user_id'])
      .where('id', 'in', txIds)
      .orderBy('id')
      .execute()
    expect(headers.map((h) => [h.id, h.order_no, h.user_id])).toEqual(
      atOnce.map((tx, i) => [txIds[i], tx.orderNo, tx.userId]),
    )
    const total = atOnce.reduce((sum, _, i) => sum + pay(i), 0n)
    expect(await f.ledger.balances(f.db, many.issuer, 'JPY')).toMatchObject({
      available: 10_000n - total,
    })
    expect(await f.ledger.balances(f.db, many.holders[3]!, 'JPY')).toMatchObject({
      product: pay(3) - 1n,
    })
  })

  it('refuses the whole set when the shared book would run dry at one of them', async () => {
    // 10 holders of 10 each from 95: the tenth payment would take the issuer to -5.
    const { issuer, holders } = await parties(10, 95n)
    const post = f.db.transaction().execute((trx) =>
      f.ledger.postMany(
        trx,
        payments(issuer, holders, () => 10n),
      ),
    )
    await expect(post).rejects.toThrow('insufficient_balance')
    expect(await f.ledger.balances(f.db, issuer, 'JPY')).toMatchObject({ available: 95n })
    expect(await f.ledger.balances(f.db, holders[0]!, 'JPY')).toMatchObject({ product: 0n })
  })

  it('refuses a debit of a book never credited, and posts nothing for an empty set', async () => {
    const [a, b] = [await f.newUser(), await f.newUser()]
    const post = f.db.transaction().execute((trx) =>
      f.ledger.postMany(trx, [
        {
          kind: 'product_profit',
          userId: a,
          orderNo: `NONE${++serial}`,
          postings: [
            { account: { user: a, book: 'frozen', currency: 'JPY' }, amount: -1n },
            { account: { user: b, book: 'available', currency: 'JPY' }, amount: 1n },
          ],
        },
      ]),
    )
    await expect(post).rejects.toThrow('insufficient_balance')
    expect(await f.ledger.balances(f.db, b, 'JPY')).toMatchObject({ available: 0n })
    expect(await f.db.transaction().execute((trx) => f.ledger.postMany(trx, []))).toEqual({
      txIds: [],
    })
  })

  it('throws as a bug on a transaction that does not balance, writing nothing', async () => {
    const { issuer, holders } = await parties(2, 100n)
    const txs = payments(issuer, holders, () => 5n)
    txs[1] = {
      ...txs[1]!,
      postings: [txs[1]!.postings[0]!, { ...txs[1]!.postings[1]!, amount: 4n }],
    }
    const post = f.db.transaction().execute((trx) => f.ledger.postMany(trx, txs))
    await expect(post).rejects.toThrow('sum to')
    expect(await f.ledger.balances(f.db, issuer, 'JPY')).toMatchObject({ available: 100n })
  })
})
