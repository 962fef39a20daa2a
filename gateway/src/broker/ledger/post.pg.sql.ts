import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../store/index'
import { ReadMoved, type KeyRow } from '../common/idempotency'
import type { AccountKey } from './ledger.sql'

/**
 * A whole ledger transaction as ONE PostgreSQL statement: every balance move, the header and the
 * entries. On PostgreSQL each statement is a round trip, and the house rows stay locked from their
 * update to COMMIT, so five or six statements per posting were most of an order's time (issue 4).
 * SQLite runs in-process and cannot write inside WITH, so it keeps the statement-per-line path.
 *
 * The statement is a chain of data-modifying CTEs, each running only once the step before it
 * moved its row (its guard reads that CTE). That pins the lock order to the order of the steps and
 * stops at the first step that cannot go (a debit that would overdraw, a holding that has left the
 * status it was read in), having written nothing. The header and entries are written only when
 * every step moved. A line must not touch a row another line touches (PostgreSQL updates a row
 * at most once per statement): callers pass distinct accounts.
 *
 * The hot commands (a market buy, a whole market sell) add their own row and their idempotency
 * key to the chain, so the command is this one statement and needs no BEGIN or COMMIT either.
 * The text is the same for every posting of a shape, so PostgreSQL plans it once per connection
 * (store/postgres.ts).
 */
export interface PgLine {
  key: AccountKey
  amount: bigint
}

/** A step's condition: the step before it moved its one row. */
export type Guard = RawBuilder<unknown>

/** A business write in the chain: a data-modifying statement under `guard`, returning its row's `id`. */
export interface BusinessStep {
  /** 'first': it gates the money (a holding that must still be held); 'last': it follows it. */
  at: 'first' | 'last'
  write: (guard: Guard) => RawBuilder<unknown>
  /**
   * The command's further rows, written from the business row once it moved (an order's holding
   * and fill): each a data-modifying statement reading `business` (its `id`) or an earlier one of
   * these (`also(i)`). They cannot stop the chain: they write when the business step did.
   */
  also?: readonly AlsoWrite[]
}

/** A row a command writes once its ledger header is: it reads `tx` (the header) for its id. */
export type AfterTx = (tx: RawBuilder<unknown>) => RawBuilder<unknown>

/** One of a command's further writes (BusinessStep.also). */
export type AlsoWrite = (
  business: RawBuilder<unknown>,
  also: (i: number) => RawBuilder<unknown>,
) => RawBuilder<unknown>

/** The business step's CTE, which the key's answer and the statement's result read. */
const BUSINESS = sql.raw('biz')
/** The command's gate (LedgerCommand.gate) and the header, which its after-steps read. */
const GATE = sql.raw('g0')
const TX = sql.raw('t')

/**
 * The answer the key stores: `{ id: "<the business row's id>" }`, as toJson writes it, built in
 * SQL (the row's id is known only inside the statement).
 */
const answerWithBusinessId = sql`'{"id":"' || (select id from ${BUSINESS}) || '"}'`

const bigint = (value: bigint | number | null) => sql`cast(${value} as bigint)`

// CTE names are this file's own (l0, l1, biz): plain identifiers, written as they are.
const movedOne = (name: RawBuilder<unknown>): Guard => sql`(select count(*) from ${name}) = 1`

/** A user debit: only while the balance stays at or above zero (as in debitUser). */
function debit({ key, amount }: PgLine, guard: Guard) {
  return sql`update ledger_accounts set balance = balance + ${bigint(amount)}
    where user_id = ${bigint(key.userId)} and book = ${key.book} and currency = ${key.currency}
      and balance + ${bigint(amount)} >= 0 and ${guard}
    returning id, balance`
}

/** A credit to a user's book or any move of a house book, creating the account (as addToAccount). */
function upsert({ key, amount }: PgLine, guard: Guard, now: number) {
  const target =
    key.userId === null
      ? sql`(book, currency, shard) where user_id is null`
      : sql`(user_id, book, currency) where user_id is not null`
  return sql`insert into ledger_accounts (user_id, book, currency, shard, balance, created_at)
    select ${bigint(key.userId)}, ${key.book}, ${key.currency}, ${bigint(key.shard)},
      ${bigint(amount)}, ${bigint(now)}
    where ${guard}
    on conflict ${target} do update set balance = ledger_accounts.balance + excluded.balance
    returning id, balance`
}

/**
 * Posts `lines` (distinct accounts, in lock order) under a new header, with the business step and
 * key row when given (the key then stores the business row's id as the command's answer), after
 * the command's gate and before its after-steps (LedgerCommand). Returns the header's id and the
 * business row's id, or undefined when a step could not go (then nothing was written); a gate
 * that found no row throws ReadMoved, having written nothing. A key that exists already fails the statement with PostgreSQL's unique violation
 * on `idempotency_keys_pk`, which also undoes every step.
 */
export async function postInOneStatement(
  db: Kysely<Database>,
  header: { kind: string; userId: bigint | null; orderNo: string; now: number },
  lines: readonly PgLine[],
  extra: {
    business?: BusinessStep
    key?: KeyRow
    gate?: RawBuilder<unknown>
    afterTx?: readonly AfterTx[]
  } = {},
): Promise<{ txId: bigint; businessId: bigint | null; alsoIds: bigint[] } | undefined> {
  const steps: RawBuilder<unknown>[] = []
  let guard: Guard = sql`true`
  const add = (name: RawBuilder<unknown>, write: RawBuilder<unknown>) => {
    steps.push(sql`${name} as (${write})`)
    guard = movedOne(name)
  }
  const { business, key, gate, afterTx = [] } = extra
  if (gate) add(GATE, gate)
  if (key && !business) throw new Error('a key in the chain stores the business row: give one')
  const alsoName = (i: number) => sql.raw(`b${i}`)
  // Unguarded: each reads the business row, so it writes exactly when that step did.
  const addAlso = () =>
    business?.also?.forEach((write, i) => {
      steps.push(sql`${alsoName(i)} as (${write(BUSINESS, alsoName)})`)
    })
  if (business?.at === 'first') {
    add(BUSINESS, business.write(guard))
    addAlso()
  }
  lines.forEach((line, i) => {
    const userDebit = line.key.userId !== null && line.amount < 0n
    add(sql.raw(`l${i}`), userDebit ? debit(line, guard) : upsert(line, guard, header.now))
  })
  if (business?.at === 'last') {
    add(BUSINESS, business.write(guard))
    addAlso()
  }
  const moved = sql.join(
    lines.map(
      (line, i) =>
        sql`select ${sql.raw(String(i))} as n, id, balance, ${bigint(line.amount)} as amount from ${sql.raw(`l${i}`)}`,
    ),
    sql` union all `,
  )
  const after = afterTx.map((write, i) => sql`, ${sql.raw(`a${i}`)} as (${write(TX)})`)
  const keyRow = key
    ? sql`, k as (
      insert into idempotency_keys (user_id, scope, idem, body_hash, result, created_at)
      select ${bigint(key.userId)}, ${key.scope}, ${key.idem}, ${key.bodyHash},
        ${answerWithBusinessId}, ${bigint(key.createdAt)}
      from t
      returning idem
    )`
    : sql``
  const alsoIds = (business?.also ?? []).map(
    (_, i) => sql`, (select id from ${alsoName(i)}) as ${sql.raw(`also_${i}`)}`,
  )
  const statement = sql<
    { entries: bigint; gated: bigint; tx_id: bigint | null; business_id: bigint | null } & Record<
      `also_${number}`,
      bigint | null
    >
  >`
    with ${sql.join(steps)},
    t as (
      insert into ledger_transactions (kind, user_id, order_no, created_at)
      select ${header.kind}, ${bigint(header.userId)}, ${header.orderNo}, ${bigint(header.now)}
      where ${guard}
      returning id
    ),
    e as (
      insert into ledger_entries (tx_id, account_id, amount, balance_after)
      select t.id, l.id, l.amount, l.balance from t cross join (${moved}) l order by l.n
      returning tx_id
    )${sql.join(after, sql``)}${keyRow}
    select (select count(*) from e) as entries, (select id from t) as tx_id,
      ${gate ? sql`(select count(*) from ${GATE})` : sql`cast(1 as bigint)`} as gated,
      ${business ? sql`(select id from ${BUSINESS})` : sql`cast(null as bigint)`} as business_id
      ${sql.join(alsoIds, sql``)}`
  const { rows } = await statement.execute(db)
  const row = rows[0]
  if (row?.gated === 0n) throw new ReadMoved()
  if (!row || row.tx_id === null) return undefined
  if (row.entries !== BigInt(lines.length))
    throw new Error('ledger posting wrote only some entries')
  const also = (business?.also ?? []).map((_, i) => row[`also_${i}`] ?? null)
  return {
    txId: row.tx_id,
    businessId: row.business_id,
    alsoIds: also.filter((id): id is bigint => id !== null),
  }
}
