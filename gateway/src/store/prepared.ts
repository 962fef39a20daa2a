import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely'
import { onPostgres } from './dialect'
import type { Database } from './schema'

/** Stands in a query for the value of `name` given at each run. */
class Slot {
  constructor(readonly name: string) {}
}

type Store = 'postgres' | 'sqlite'

// A Kysely expression (sql`…`, a subquery) is part of the text, never a parameter.
const isExpression = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { toOperationNode?: unknown }).toOperationNode === 'function'

/** Every property read of it is the slot of that name. */
const SLOTS = new Proxy({} as Record<string, Slot>, {
  get: (_, name) => new Slot(String(name)),
})

/**
 * A query built and compiled once per store, then run with new values: Kysely builds and compiles
 * every query anew, which was a sixth of the gateway's CPU on the order path (the hot statements
 * run thousands of times a second with the same text). `build` gets `p`, each of whose properties
 * stands for the value of that name at run time; Kysely puts it among the statement's parameters,
 * where the run swaps in the value. So only values may vary: a list, or a clause that depends on a
 * value, changes the text; a list is refused, and such a clause needs a query per shape.
 *
 * @example
 * const byId = prepared((db, p: { id: bigint }) =>
 *   db.selectFrom('orders').selectAll().where('id', '=', p.id))
 * const { rows } = await byId(trx, { id: 7n })
 */
export function prepared<P extends object, R>(
  build: (db: Kysely<Database>, p: P) => Compilable<R>,
): (db: Kysely<Database>, values: P) => Promise<QueryResult<R>> {
  const templates = new Map<Store, CompiledQuery>()
  return async (db, values) => {
    const store: Store = onPostgres(db) ? 'postgres' : 'sqlite'
    let template = templates.get(store)
    if (!template) {
      template = build(db, SLOTS as P).compile()
      templates.set(store, template)
    }
    const parameters = template.parameters.map((v) => {
      if (!(v instanceof Slot)) return v
      const value = (values as Record<string, unknown>)[v.name]
      if (value === undefined) throw new Error(`prepared query run without ${v.name}`)
      if (isExpression(value)) throw new Error(`prepared query given an expression for ${v.name}`)
      // An `in` list's length is part of the text.
      if (Array.isArray(value)) throw new Error(`prepared query given a list for ${v.name}`)
      return value
    })
    return db.executeQuery<R>({ ...template, parameters })
  }
}

/**
 * `insert into <table>` of one row, prepared once per set of columns the row has (an optional
 * column left out is a text of its own). Values that are expressions cannot be slots: plain values only.
 */
export function preparedInsert<T extends keyof Database & string>(table: T) {
  type Row = Record<string, unknown>
  const byColumns = new Map<string, (db: Kysely<Database>, row: Row) => Promise<unknown>>()
  return async (db: Kysely<Database>, row: Row): Promise<void> => {
    const columns = Object.keys(row).filter((c) => row[c] !== undefined)
    const shape = columns.join(',')
    let insert = byColumns.get(shape)
    if (!insert) {
      insert = prepared((d, p: Row) =>
        d.insertInto(table).values(Object.fromEntries(columns.map((c) => [c, p[c]])) as never),
      )
      byColumns.set(shape, insert)
    }
    await insert(db, row)
  }
}

/**
 * `prepared` for a query over a list (a batch's rows, an `in` list): built and compiled once per
 * list length, each item's fields standing in as `item.field` does in `build`. Lengths up to
 * `maxLength`; a longer list is the caller's to split.
 */
export function preparedList<T extends object, R>(
  build: (db: Kysely<Database>, items: T[]) => Compilable<R>,
  maxLength: number,
): (db: Kysely<Database>, items: readonly T[]) => Promise<QueryResult<R>> {
  type Run = (db: Kysely<Database>, values: Record<string, unknown>) => Promise<QueryResult<R>>
  const byLength = new Map<number, Run>()
  return (db, items) => {
    const length = items.length
    if (length === 0 || length > maxLength) throw new RangeError(`a list of ${length} items`)
    let run = byLength.get(length)
    if (!run) {
      run = prepared((d, p: Record<string, unknown>) =>
        build(
          d,
          Array.from(
            { length },
            (_, i) => new Proxy({} as T, { get: (_, name) => p[`${i}.${String(name)}`] }),
          ),
        ),
      )
      byLength.set(length, run)
    }
    const values: Record<string, unknown> = {}
    items.forEach((item, i) => {
      for (const [name, value] of Object.entries(item)) values[`${i}.${name}`] = value
    })
    return run(db, values)
  }
}
