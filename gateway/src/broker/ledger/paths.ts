import type { Kysely } from 'kysely'
import { onPostgres, type Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import { distinctAccounts, isHouse, keyOf, lockOrder, shardOf, type Line } from './account-keys'
import { BULK_CHUNK, moveUserBooks } from './bulk.sql'
import * as q from './ledger.sql'
import { postInOneStatement } from './post.pg.sql'
import { assertBalanced, type LedgerCommand, type LedgerTxInput } from './postings'
import { moveSelected, selectedTotals } from './selected.sql'

// The ways the ledger writes a posting. Each leaves the same ledger behind (conformance.test.ts
// runs the same cases down every one); the ledger picks one by the posting's shape and the store
// (pathOf), never its callers, who see only `ledger.post`.

/**
 * 'one-by-one': a statement per line, the plain path. 'bulk': users' books a round at a time
 * (bulk.sql.ts). 'postgres': the whole posting as one statement (post.pg.sql.ts). 'selected':
 * users' lines that are a query, never brought into JavaScript (selected.sql.ts).
 */
export type PathName = 'one-by-one' | 'bulk' | 'postgres' | 'selected'

/** Above this many lines a posting moves users' books a round at a time (bulk.sql.ts). */
const BULK_FROM_LINES = 64

/**
 * The most lines posted as one PostgreSQL statement. An order is a handful; a draw's refunds are a
 * line per application, whose parameters would pass PostgreSQL's 65,535 in one statement.
 */
const ONE_STATEMENT_MAX_LINES = 256

/** The posting's lines by account name, balanced, in the one lock order (account-keys.ts). */
export function linesOf(tx: LedgerTxInput): Line[] {
  assertBalanced(tx.postings)
  const shard = shardOf(tx)
  return tx.postings
    .map((posting) => ({ key: keyOf(posting.account, shard), amount: posting.amount }))
    .sort((a, b) => lockOrder(a.key, b.key))
}

/** The ledger's choice of path for a posting of `lines` on the store `trx` is on. */
function pathOf(trx: Kysely<Database>, lines: readonly Line[]): PathName {
  const distinct = distinctAccounts(lines)
  if (onPostgres(trx) && lines.length <= ONE_STATEMENT_MAX_LINES && distinct) return 'postgres'
  return lines.length > BULK_FROM_LINES && distinct ? 'bulk' : 'one-by-one'
}

/**
 * One statement per line, by the account's name: no lookup of ids first, and an account used for
 * the first time is created by the same statement.
 */
async function moveOneByOne(trx: Kysely<Database>, lines: readonly Line[], now: number) {
  const moved: q.Moved[] = []
  for (const { key, amount } of lines) {
    const done =
      key.userId !== null && amount < 0n
        ? await q.debitUser(trx, { ...key, userId: key.userId }, amount)
        : await q.addToAccount(trx, key, amount, now)
    if (done === undefined) throw new Refusal('insufficient_balance')
    moved.push(done)
  }
  return moved
}

/** Users' books BULK_CHUNK at a time, then the few house books one by one (they lock last). */
async function moveInBulk(trx: Kysely<Database>, lines: readonly Line[], now: number) {
  const users = lines.filter((l): l is Line & { key: { userId: bigint } } => !isHouse(l.key))
  const moved: q.Moved[] = []
  for (let first = 0; first < users.length; first += BULK_CHUNK) {
    const round = users.slice(first, first + BULK_CHUNK)
    const done = await moveUserBooks(trx, round, now, onPostgres(trx))
    if (done === undefined) throw new Refusal('insufficient_balance')
    // One by one: a round is up to BULK_CHUNK lines, too many to spread as arguments.
    for (const m of done) moved.push(m)
  }
  const house = await moveOneByOne(
    trx,
    lines.filter((l) => isHouse(l.key)),
    now,
  )
  return [...moved, ...house]
}

/**
 * Moves `lines` and writes their entries under `txId`, while every row is still locked, so an
 * account's newest entry stays its last.
 */
async function moveAndRecord(
  trx: Kysely<Database>,
  txId: bigint,
  lines: readonly Line[],
  move: typeof moveOneByOne,
  now: number,
): Promise<void> {
  const moved = await move(trx, lines, now)
  await q.insertEntries(
    trx,
    lines.map(({ amount }, i) => ({
      txId,
      accountId: moved[i]!.id,
      amount,
      balanceAfter: moved[i]!.balance,
    })),
  )
}

/** The header, then the lines moved one by one or in bulk: the statement-per-step paths. */
async function postInSteps(
  trx: Kysely<Database>,
  tx: LedgerTxInput,
  lines: readonly Line[],
  move: typeof moveOneByOne,
  now: number,
): Promise<bigint> {
  const txId = await q.insertTransaction(trx, { ...tx, now })
  await moveAndRecord(trx, txId, lines, move, now)
  return txId
}

/** The users' lines as a query (tx.selected), balanced by the house lines in tx.postings. */
async function postSelected(
  trx: Kysely<Database>,
  tx: LedgerTxInput & Required<Pick<LedgerTxInput, 'selected'>>,
  now: number,
): Promise<bigint> {
  const totals = await selectedTotals(trx, tx.selected)
  const house = tx.postings.map((line) => {
    if ('user' in line.account) throw new Error('a selected posting takes house lines only')
    if (line.amount === 0n) throw new Error('a posting of zero records nothing')
    return { key: keyOf(line.account, shardOf(tx)), amount: line.amount }
  })
  for (const { key, amount } of house) {
    totals.set(key.currency, (totals.get(key.currency) ?? 0n) + amount)
  }
  for (const [currency, sum] of totals) {
    if (sum !== 0n) throw new Error(`selected postings in ${currency} sum to ${sum}, not 0`)
  }
  const txId = await q.insertTransaction(trx, { ...tx, now })
  const lines = await moveSelected(trx, tx.selected, { txId, now, postgres: onPostgres(trx) })
  // The house books last, as every posting locks them.
  await moveAndRecord(trx, txId, house, moveOneByOne, now)
  if (lines + house.length < 2) throw new Error('a ledger transaction needs at least two postings')
  return txId
}

/**
 * Writes one posting inside the caller's transaction along `path`, the ledger's own choice when
 * not given (only the conformance test names one). Throws Refusal('insufficient_balance') when a
 * user book would go negative, a plain Error when the posting cannot take the path named.
 */
export async function postAlong(
  trx: Kysely<Database>,
  tx: LedgerTxInput,
  now: number,
  path?: PathName,
): Promise<bigint> {
  if (tx.selected) {
    if (path !== undefined && path !== 'selected') throw new Error(`a selected posting by ${path}`)
    return postSelected(trx, { ...tx, selected: tx.selected }, now)
  }
  const lines = linesOf(tx)
  const along = path ?? pathOf(trx, lines)
  if (along !== 'one-by-one' && !distinctAccounts(lines)) {
    throw new Error(`the ${along} path needs distinct accounts`)
  }
  switch (along) {
    case 'postgres': {
      if (!onPostgres(trx)) throw new Error('the postgres path needs PostgreSQL')
      const written = await postInOneStatement(trx, { ...tx, now }, lines)
      if (written === undefined) throw new Refusal('insufficient_balance')
      return written.txId
    }
    case 'bulk':
      return postInSteps(trx, tx, lines, moveInBulk, now)
    case 'one-by-one':
      return postInSteps(trx, tx, lines, moveOneByOne, now)
    case 'selected':
      throw new Error('the selected path needs tx.selected')
  }
}

/**
 * Whether a step of the command's chain that can fail (the business step first, a user's debit)
 * comes after one that wrote. Outside a transaction nothing rolls the earlier write back: the
 * statement would commit it alone. A market buy debits one user book first; a sale gates on its
 * holding and then only credits the user.
 */
function failsAfterAWrite(lines: readonly Line[], command: LedgerCommand): boolean {
  let wrote = command.business.at === 'first'
  for (const { key, amount } of lines) {
    const mayFail = key.userId !== null && amount < 0n
    if (mayFail && wrote) return true
    wrote = true
  }
  return false
}

/**
 * A posting with a command's business row and idempotency key as ONE PostgreSQL statement, outside
 * any transaction (see Ledger.post). Undefined when a step could not go; nothing was written then.
 */
export async function postCommand(
  db: Kysely<Database>,
  tx: LedgerTxInput,
  now: number,
  command: LedgerCommand,
): Promise<{ txId: bigint; businessId: bigint; alsoIds: bigint[] } | undefined> {
  const lines = linesOf(tx)
  if (tx.selected || !onPostgres(db) || !distinctAccounts(lines)) {
    throw new Error('a command posts on PostgreSQL, in lines of distinct accounts')
  }
  if (failsAfterAWrite(lines, command)) {
    throw new Error(
      "a command's debit may not follow a write: its statement would commit the write",
    )
  }
  const written = await postInOneStatement(db, { ...tx, now }, lines, command)
  if (!written) return undefined
  if (written.businessId === null) throw new Error('the business step moved no row')
  return { txId: written.txId, businessId: written.businessId, alsoIds: written.alsoIds }
}
