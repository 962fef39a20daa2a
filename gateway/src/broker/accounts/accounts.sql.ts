import { sql, type Kysely, type Selectable } from 'kysely'
import type { TaxableKind } from '@kabu/shared/api/accounts'
import type { NisaRoom } from '@kabu/shared/tax/nisa'
import type { Database } from '../../store/index'
import type { NisaAccountsTable } from '../../store/schema/accounts'

type Db = Kysely<Database>
export type NisaRow = Selectable<NisaAccountsTable>

/** The stored figures as the pure rules' `NisaRoom` (as of the year they were written in). */
export const roomOf = (r: NisaRow): NisaRoom => ({
  year: Number(r.year),
  growthUsed: r.growth_used,
  lifetimeUsed: r.lifetime_used,
  growthLifetimeUsed: r.growth_lifetime_used,
  returnsNextYear: r.returns_next_year,
  growthReturnsNextYear: r.growth_returns_next_year,
})

export function nisaRow(db: Db, userId: bigint): Promise<NisaRow | undefined> {
  return db.selectFrom('nisa_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** Opens the user's NISA account; false when they have one already (one per person). */
export async function openNisa(db: Db, userId: bigint, year: number, now: number) {
  const row = await db
    .insertInto('nisa_accounts')
    .values({ user_id: userId, opened_at: now, year })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst()
  return row !== undefined
}

export async function writeNisa(db: Db, userId: bigint, room: NisaRoom): Promise<void> {
  await db
    .updateTable('nisa_accounts')
    .set({
      year: room.year,
      growth_used: room.growthUsed,
      lifetime_used: room.lifetimeUsed,
      growth_lifetime_used: room.growthLifetimeUsed,
      returns_next_year: room.returnsNextYear,
      growth_returns_next_year: room.growthReturnsNextYear,
    })
    .where('user_id', '=', userId)
    .execute()
}

/**
 * The book value the user's working NISA buys reserve (trading's `orders`, read only): a
 * stop that waits, an open limit, the rest of one partly filled.
 */
export async function reservedBy(db: Db, userId: bigint): Promise<bigint> {
  const { rows } = await sql<{ reserved: bigint | string }>`
    select cast(coalesce(sum(nisa_reserved), 0) as bigint) as reserved from orders
    where user_id = ${userId} and account = 'nisa' and side = 'buy'
      and status in ('waiting', 'open', 'partial')`.execute(db)
  return BigInt(rows[0]?.reserved ?? 0)
}

export async function taxKindOf(db: Db, userId: bigint): Promise<TaxableKind | undefined> {
  const row = await db
    .selectFrom('tax_accounts')
    .select('kind')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.kind
}

export async function chooseTaxKind(db: Db, userId: bigint, kind: TaxableKind, now: number) {
  await db
    .insertInto('tax_accounts')
    .values({ user_id: userId, kind, chosen_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ kind, chosen_at: now }))
    .execute()
}

/**
 * Whether the user has sold anything in the taxable account since `since` (trading's holdings,
 * read only): a long sold, a short covered, a reverse split's fraction paid out.
 */
export async function soldTaxableSince(db: Db, userId: bigint, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('holdings')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 4n)
    .where('account', '=', 'taxable')
    .where('sell_time', '>=', BigInt(since))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
