import type { ColumnDataType, ColumnDefinitionBuilder } from 'kysely'
import type { StoreKind } from '../database'

type ColumnSpec = [ColumnDataType, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder]

/**
 * A surrogate key, the one column whose DDL differs between the stores: SQLite only makes
 * `INTEGER PRIMARY KEY` an alias of the 64-bit rowid (a `bigint` primary key would not be), while
 * PostgreSQL wants an explicit BIGINT identity.
 */
export function idColumn(kind: StoreKind): ColumnSpec {
  return kind === 'sqlite'
    ? ['integer', (c) => c.primaryKey().autoIncrement()]
    : ['bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity()]
}
