import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Database } from './schema'

// What a query written once for both stores asks of the store it runs on.

/** Whether a database or transaction is on PostgreSQL, from its dialect's adapter (no call). */
export const onPostgres = (db: Kysely<Database>) =>
  db.getExecutor().adapter instanceof PostgresAdapter

/** A column's sum as bigint on both stores (PostgreSQL's sum(bigint) is numeric). */
export const sumOf = (column: string) =>
  sql<bigint>`cast(coalesce(sum(${sql.ref(column)}), 0) as bigint)`
