import { createHash } from 'node:crypto'
import pg from 'pg'
import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely'

const INT8_OID = 20

/**
 * pg hands BIGINT back as a string by default (it cannot fit a JS number). Parsing it to `bigint`
 * here, per pool rather than globally, gives services the same types SQLite's safeIntegers gives.
 * Every integer column is BIGINT (migrations), and count(*) is BIGINT too.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => BigInt(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/** Names kept: the texts a gateway runs are a few hundred shapes (as SQLite's STATEMENTS_KEPT). */
const NAMES_KEPT = 2_000

/**
 * A statement's name: its text's hash, so the same text always maps to the same name on every
 * connection. Kept by text: hashing a one-statement order's text (a few KB) on each run was ~2 %
 * of the gateway's samples on PostgreSQL, where a lookup hashes it in V8 without a digest. Past
 * NAMES_KEPT the oldest text goes first (lists of ids make texts of their own).
 */
export function statementNames(kept = NAMES_KEPT) {
  const names = new Map<string, string>()
  const nameOf = (text: string): string => {
    let name = names.get(text)
    if (name === undefined) {
      name = `k${createHash('sha1').update(text).digest('base64url')}`
      names.set(text, name)
      if (names.size > kept) names.delete(names.keys().next().value as string)
    }
    return name
  }
  return Object.assign(nameOf, { size: () => names.size })
}

/**
 * Hands Kysely clients whose statements are named prepared statements: PostgreSQL parses and plans
 * each distinct text once per connection instead of on every call (pg remembers which names a
 * connection has prepared and then sends only Bind/Execute). The texts are Kysely's compiled
 * queries, whose values are always parameters, so their number is that of the query shapes.
 * On the order load (tests/load/orders.ts, 8 clients) this took PostgreSQL's CPU per order down by
 * about 40 % and orders/s from 370–485 to 600–635. (A pooler in front must keep a server
 * connection per client or track prepared statements, as PgBouncer ≥ 1.21 can.)
 */
function preparing(pool: pg.Pool): PostgresPool {
  const statementName = statementNames()
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect()
      // A cursor (Kysely's stream()) goes through as it is.
      const query = (text: unknown, values?: readonly unknown[]) =>
        typeof text === 'string'
          ? client.query({ name: statementName(text), text, values: values as unknown[] })
          : client.query(text as never)
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      }
    },
    end: () => pool.end(),
  }
}

/**
 * `idleError` hears an idle pooled connection's error (the server restarted, an administrator ended
 * the backend): the pool drops that connection and the next query opens another, but node-postgres
 * emits the error on the pool, and an 'error' nobody listens to would end the process.
 */
export function openPostgres(
  connectionString: string,
  idleError: (error: Error) => void = () => undefined,
): {
  dialect: PostgresDialect
  pool: pg.Pool
} {
  const pool = new pg.Pool({ connectionString, types, max: 10 })
  pool.on('error', idleError)
  return { dialect: new PostgresDialect({ pool: preparing(pool) }), pool }
}

/** What a notice follower hears: each notice, and whether it is connected (notices may be missed). */
export interface NoticeHandlers {
  notice(payload: string): void
  connected(isConnected: boolean): void
}

const RELISTEN_MS = 1_000

/**
 * Follows NOTIFY on `channel` over a connection of its own (LISTEN holds it for good), connecting
 * again a second after it drops or fails; `connected(false)` says notices may be missed from then
 * until `connected(true)`. The function it resolves to stops for good (telling nothing more).
 */
export async function followNotices(
  connectionString: string,
  channel: string,
  handlers: NoticeHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined

  const lost = (c: pg.Client) => {
    if (c !== client) return
    client = undefined
    handlers.connected(false)
    c.removeAllListeners()
    // A late error from the dropped connection must not become an uncaught one.
    c.on('error', () => undefined)
    void c.end().catch(() => undefined)
    if (!stopped) retry = setTimeout(() => void listen(), RELISTEN_MS)
  }
  async function listen(): Promise<void> {
    const c = new pg.Client({ connectionString })
    client = c
    c.on('error', () => lost(c))
    c.on('end', () => lost(c))
    c.on('notification', (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? '')
    })
    try {
      await c.connect()
      await c.query(`listen ${pg.escapeIdentifier(channel)}`)
      if (c === client) handlers.connected(true)
    } catch {
      lost(c)
    }
  }

  await listen()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const c = client
    client = undefined
    c?.removeAllListeners()
    await c?.end().catch(() => undefined)
  }
}
