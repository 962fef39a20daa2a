import type { ColumnType } from 'kysely'

/**
 * The integer column types every table uses. Each is BIGINT on PostgreSQL and INTEGER with
 * `safeIntegers` on SQLite and reads back as `bigint` (see ../schema.ts); writes take a number too.
 */
export type Int = ColumnType<bigint, number | bigint, number | bigint>
/** An integer column with a default: optional on insert. */
export type IntDefault = ColumnType<bigint, number | bigint | undefined, number | bigint>
export type NullableInt = ColumnType<
  bigint | null,
  number | bigint | null | undefined,
  number | bigint | null
>
