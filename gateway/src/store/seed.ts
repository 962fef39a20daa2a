import type { Kysely } from 'kysely'
import { ACCOUNT_RULE, INVITE_RULE, PASSWORD_MAX, PASSWORD_MIN } from '@kabu/shared/api/user'
import type { Clock } from '../clock'
import type { Database } from './schema'

export interface DemoLogin {
  account: string
  password: string
  /** The invite code a newcomer types to register (upper-cased, as users type it in any case). */
  invite: string
}

interface Hasher {
  hash(password: string): Promise<string>
  verify(hash: string, password: string): Promise<boolean>
}

function checkDemoLogin(demo: DemoLogin): void {
  const problems = [
    ACCOUNT_RULE.test(demo.account) ? '' : `DEMO_ACCOUNT must match ${ACCOUNT_RULE}`,
    demo.password.length >= PASSWORD_MIN && demo.password.length <= PASSWORD_MAX
      ? ''
      : `DEMO_PASSWORD must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters`,
    INVITE_RULE.test(demo.invite.toUpperCase()) ? '' : `DEMO_INVITE must match ${INVITE_RULE}`,
  ].filter(Boolean)
  if (problems.length) throw new Error(`demo settings: ${problems.join('; ')}`)
}

/**
 * Makes the demo login printed at start true, whatever the database held before: the account
 * exists, the configured password opens it, and its invite code is DEMO_INVITE. Running it again
 * changes nothing (the password is only re-hashed when the setting changed).
 */
export async function seedDemo(
  db: Kysely<Database>,
  demo: DemoLogin,
  deps: { passwords: Hasher; clock: Clock },
): Promise<{ created: boolean }> {
  checkDemoLogin(demo)
  const invite = demo.invite.toUpperCase()
  const existing = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'invite_code'])
    .where((eb) => eb(eb.fn('lower', ['account']), '=', demo.account.toLowerCase()))
    .executeTakeFirst()
  const holder = await db
    .selectFrom('users')
    .select('id')
    .where('invite_code', '=', invite)
    .executeTakeFirst()
  if (holder && holder.id !== existing?.id) {
    throw new Error(`demo settings: DEMO_INVITE ${invite} already belongs to another user`)
  }

  if (!existing) {
    await db
      .insertInto('users')
      .values({
        account: demo.account,
        password_hash: await deps.passwords.hash(demo.password),
        invite_code: invite,
        inviter_id: null,
        created_at: deps.clock.now(),
      })
      .execute()
    return { created: true }
  }
  if (existing.invite_code !== invite) {
    await db
      .updateTable('users')
      .set({ invite_code: invite })
      .where('id', '=', existing.id)
      .execute()
  }
  if (!(await deps.passwords.verify(existing.password_hash, demo.password))) {
    const password_hash = await deps.passwords.hash(demo.password)
    await db.updateTable('users').set({ password_hash }).where('id', '=', existing.id).execute()
  }
  return { created: false }
}
