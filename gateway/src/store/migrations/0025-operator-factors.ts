import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { idColumn } from './columns'

/**
 * Operators' second factors (issue 17): the passkeys, WebAuthn challenges and TOTP secrets of the
 * back office's people, shaped as customers' are (0023) but owned by `operators.id`, so no
 * customer route can ever read or use one (broker/common/factors serves both sets of tables). An
 * operator session records the factor it was opened with (null: the password alone), which is what
 * OPS_REQUIRE_SECOND_FACTOR looks at.
 */
export function operatorFactors(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_passkeys')
        .addColumn('id', ...idColumn(kind))
        .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('operator_passkeys_operator')
        .on('operator_passkeys')
        .column('operator_id')
        .execute()

      await db.schema
        .createTable('operator_webauthn_challenges')
        .addColumn('id', ...idColumn(kind))
        .addColumn('challenge', 'text', (c) => c.notNull().unique())
        .addColumn('purpose', 'text', (c) => c.notNull())
        // An operator's login challenge is issued after the password, so it always has its owner.
        .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addCheckConstraint(
          'operator_webauthn_challenges_purpose_known',
          sql`purpose in ('register', 'login', 'confirm')`,
        )
        .execute()
      await db.schema
        .createIndex('operator_webauthn_challenges_expiry')
        .on('operator_webauthn_challenges')
        .column('expires_at')
        .execute()

      await db.schema
        .createTable('operator_totp_secrets')
        .addColumn('operator_id', 'bigint', (c) => c.primaryKey().references('operators.id'))
        .addColumn('secret', 'text')
        .addColumn('pending_secret', 'text')
        .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_tries', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_since', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .alterTable('operator_sessions')
        .addColumn('second_factor', 'text', (c) =>
          c.check(sql`second_factor in ('passkey', 'totp')`),
        )
        .execute()
    },
  }
}
