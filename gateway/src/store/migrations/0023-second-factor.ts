import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Second factors (issue 17): a user's WebAuthn passkeys, the challenges the gateway issued for
 * them (single use, with an expiry, so a captured assertion cannot be replayed), and a TOTP secret
 * as the fallback for phones without a passkey. `pending_secret` is a TOTP secret shown to the user
 * but not yet confirmed with a code; `last_step` is the last time step accepted, so a code is good
 * once; wrong codes are counted per window (failed_tries since failed_since).
 */
export function secondFactor(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkeys')
        .addColumn('id', ...idColumn(kind))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        // base64url, as the browser names the credential; unique across users (a credential
        // belongs to one account).
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        // The COSE public key, base64url.
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute()
      await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute()

      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('id', ...idColumn(kind))
        .addColumn('challenge', 'text', (c) => c.notNull().unique())
        .addColumn('purpose', 'text', (c) => c.notNull())
        // Null for a login challenge: the user is not known until the assertion names them.
        .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addCheckConstraint(
          'webauthn_challenges_purpose_known',
          sql`purpose in ('register', 'login', 'confirm')`,
        )
        .execute()
      await db.schema
        .createIndex('webauthn_challenges_expiry')
        .on('webauthn_challenges')
        .column('expires_at')
        .execute()

      await db.schema
        .createTable('totp_secrets')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
        .addColumn('secret', 'text')
        .addColumn('pending_secret', 'text')
        .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        // Wrong codes in the window that began at failed_since (a throttle of TOTP's own: a right
        // fund password, which clears that one's count, must not clear this one).
        .addColumn('failed_tries', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_since', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
    },
  }
}
