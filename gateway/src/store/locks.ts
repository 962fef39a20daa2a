import type { Kysely } from 'kysely'
import { onPostgres } from './dialect'
import type { Database } from './schema'

/**
 * Holds a user's row until the transaction ends, so that a command which checks a limit spanning
 * several rows (pending requests against a debt, cards against a maximum, an issuer's funding)
 * reads and writes while the next one of that user waits. SQLite runs one writer at a time, so
 * there the transaction alone serialises.
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: every row that references the user (the command's own
 * idempotency key, inserted first) holds a KEY SHARE lock on it, which FOR UPDATE waits for; two
 * commands that had each inserted their key would then wait for each other.
 */
export async function lockUser(db: Kysely<Database>, userId: bigint): Promise<void> {
  if (!onPostgres(db)) return
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute()
}
