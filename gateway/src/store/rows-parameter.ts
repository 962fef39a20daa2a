import { sql, type Kysely, type RawBuilder } from 'kysely'
import { onPostgres } from './dialect'
import type { Database } from './schema'

/** A column's type in a table passed as a parameter. */
export type ParameterColumn = 'bigint' | 'text'

/** A cell of such a table: a bigint column takes bigints (or null), a text column strings. */
export type ParameterCell = bigint | string | null

const jsonCell = (cell: ParameterCell) =>
  typeof cell === 'bigint' ? String(cell) : cell === null ? 'null' : JSON.stringify(cell)

/**
 * Rows handed to a statement as a table whatever their number: on SQLite ONE parameter, a JSON
 * array of rows read by json_each; on PostgreSQL one array parameter per column, unnested. A
 * statement of thousands of VALUES tuples costs more to build, parse and prepare than to run, and
 * passes SQLite's 32,766 parameters. Exact: integers travel as JSON integers written straight from
 * the bigints (SQLite reads 64-bit integers) or as decimal strings cast to bigint[].
 *
 * The SELECT's columns are those named, in their order, then `ord`, each row's place in `rows`
 * (ascending in the order given): an INSERT…SELECT ordered by it writes the rows in that order.
 * Use it as a subquery: `from (${rowsTable(db, columns, rows)}) as r`.
 */
export function rowsTable(
  db: Kysely<Database>,
  columns: Readonly<Record<string, ParameterColumn>>,
  rows: readonly (readonly ParameterCell[])[],
): RawBuilder<unknown> {
  const names = Object.keys(columns)
  if (onPostgres(db)) {
    const arrays = names.map((name, c) => {
      const values = rows.map((row) => {
        const cell = row[c] ?? null
        return cell === null ? null : String(cell)
      })
      return sql`cast(${values} as ${sql.raw(columns[name] === 'bigint' ? 'bigint[]' : 'text[]')})`
    })
    const as = sql.join([...names, 'ord'].map((name) => sql.ref(name)))
    return sql`select * from unnest(${sql.join(arrays)}) with ordinality as r(${as})`
  }
  const json = `[${rows.map((row) => `[${names.map((_, c) => jsonCell(row[c] ?? null)).join(',')}]`).join(',')}]`
  const picked = names.map(
    (name, c) => sql`json_extract(value, ${sql.lit(`$[${c}]`)}) as ${sql.ref(name)}`,
  )
  return sql`select ${sql.join(picked)}, key as ord from json_each(${json})`
}
