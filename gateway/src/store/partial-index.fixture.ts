import {
  CompiledQuery,
  RawNode,
  SelectQueryNode,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'
import { expect } from 'vitest'
import type { Database, Store } from './index'

// For the tests that a query uses a partial index (migration 0048): the query is run for real,
// its SELECT caught as compiled, and explained on the store it ran on.

/** Catches the compiled SELECTs and raw statements a call makes (run against the store's own executor). */
class Catch implements KyselyPlugin {
  readonly seen: CompiledQuery[] = []
  constructor(private readonly db: Kysely<Database>) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (SelectQueryNode.is(args.node) || RawNode.is(args.node))
      this.seen.push(this.db.getExecutor().compileQuery(args.node, args.queryId))
    return args.node
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result)
  }
}

/** The plan of `q`, one line a step (PostgreSQL's with sequential scans priced out). */
async function plan(store: Pick<Store, 'db' | 'kind'>, q: CompiledQuery): Promise<string> {
  if (store.kind === 'sqlite') {
    const { rows } = await store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    )
    return rows.map((r) => r.detail).join('\n')
  }
  // A prepared statement's generic plan: EXPLAIN of the query with its values bound would plan
  // with them as constants, which a predicate bound as parameters would pass.
  return store.db.connection().execute(async (c) => {
    await sql`set enable_seqscan = off`.execute(c)
    await sql`set plan_cache_mode = force_generic_plan`.execute(c)
    await c.executeQuery(CompiledQuery.raw(`prepare orders_plan as ${q.sql}`))
    try {
      const args = q.parameters.map(literal).join(', ')
      const { rows } = await c.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain execute orders_plan${args ? `(${args})` : ''}`),
      )
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    } finally {
      await sql`deallocate orders_plan`.execute(c)
      await sql`reset enable_seqscan`.execute(c)
      await sql`reset plan_cache_mode`.execute(c)
    }
  })
}

/** A bound value as an SQL literal (EXECUTE's arguments take no parameters). */
function literal(v: unknown): string {
  if (v === null) return 'null'
  if (typeof v === 'bigint' || typeof v === 'number') return String(v)
  if (typeof v === 'string') return `'${v.replaceAll("'", "''")}'`
  throw new Error(`no literal for ${typeof v}`)
}

/** The plan of the first SELECT (or raw statement) on `table` that `run` makes on `store`. */
export async function planOf(
  store: Pick<Store, 'db' | 'kind'>,
  run: (db: Kysely<Database>) => Promise<unknown>,
  table = 'orders',
): Promise<string> {
  const caught = new Catch(store.db)
  await run(store.db.withPlugin(caught))
  const q = caught.seen.find((c) => new RegExp(`(from|join) "?${table}\\b`).test(c.sql))
  expect(q, `a SELECT on ${table}`).toBeDefined()
  return plan(store, q!)
}
