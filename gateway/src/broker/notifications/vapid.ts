import type { Kysely } from 'kysely'
import webPush from 'web-push'
import type { Database } from '../../store/index'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/**
 * The VAPID key pair pushes are signed with (RFC 8292). Set (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY):
 * those. Otherwise made at first start and kept in the store, not in a gateway's DATA_DIR: every
 * gateway of a PostgreSQL deployment must sign with the one pair browsers subscribed with, so the
 * first to start inserts its pair if none is there (id 1, ON CONFLICT DO NOTHING) and all read the
 * row back. On SQLite the store is a file in DATA_DIR, which is where the issue asked for it.
 */
export async function loadVapidKeys(
  db: Kysely<Database>,
  settings: { publicKey?: string; privateKey?: string; subject: string },
  now: number,
): Promise<VapidKeys> {
  const { subject } = settings
  if (settings.publicKey && settings.privateKey) {
    return { publicKey: settings.publicKey, privateKey: settings.privateKey, subject }
  }
  const made = webPush.generateVAPIDKeys()
  await db
    .insertInto('vapid_keys')
    .values({ id: 1n, public_key: made.publicKey, private_key: made.privateKey, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  const row = await db
    .selectFrom('vapid_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', 1n)
    .executeTakeFirstOrThrow()
  return { publicKey: row.public_key, privateKey: row.private_key, subject }
}
