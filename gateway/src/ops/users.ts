import type { Kysely } from 'kysely'
import { Refusal, type UserEvents, audit } from '../broker/index'
import type { Clock } from '../clock'
import type { Database, UserStatus } from '../store/index'

/** The account actions of spec §6, at `POST /api/ops/users/:account/<action>`. */
export const USER_ACTIONS = ['freeze', 'ban', 'bar-trading', 'restore'] as const
export type UserAction = (typeof USER_ACTIONS)[number]

interface AccountState {
  status: Exclude<UserStatus, 'issuer'>
  trading_barred: bigint
}

function nextState(action: UserAction, current: AccountState): AccountState {
  switch (action) {
    case 'freeze':
      return { ...current, status: 'frozen' }
    case 'ban':
      return { ...current, status: 'banned' }
    case 'bar-trading':
      return { ...current, trading_barred: 1n }
    case 'restore':
      return { status: 'active', trading_barred: 0n }
  }
}

/** An account's `account:status` event when it is frozen or banned; nothing while it is active. */
export async function inactiveStatus(db: Kysely<Database>, userId: bigint) {
  const user = await db
    .selectFrom('users')
    .select(['status', 'trading_barred'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user || (user.status !== 'frozen' && user.status !== 'banned')) return undefined
  return {
    type: 'account:status' as const,
    status: user.status,
    tradingBarred: user.trading_barred === 1n,
  }
}

export interface UserActionDeps {
  db: Kysely<Database>
  clock: Clock
  userEvents: UserEvents & { disconnectUser(userId: bigint): void }
  /** Drops the user's kept sessions at once (the store's notice would, a moment later). */
  forgetSessions?: (userId: bigint) => void
}

/**
 * Freeze and ban refuse the next login (`account_frozen`, `account_banned`) and end the account's
 * sessions at once (authenticate only accepts active users); a ban also revokes them, so a later
 * restore does not bring them back. Barring trading leaves the account usable except for trades.
 */
export function createUserActions({ db, clock, userEvents, forgetSessions }: UserActionDeps) {
  return async function act(account: string, action: UserAction, operator: string) {
    const result = await db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'account', 'status', 'trading_barred'])
        .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
        .executeTakeFirst()
      // A product issuer's account (status `issuer`) is the products' funding, not a person's.
      if (!user || user.status === 'issuer') throw new Refusal('account_not_found')
      const before: AccountState = { status: user.status, trading_barred: user.trading_barred }
      const after = nextState(action, before)
      const now = clock.now()
      await trx.updateTable('users').set(after).where('id', '=', user.id).execute()
      if (action === 'ban') {
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('user_id', '=', user.id)
          .where('revoked_at', 'is', null)
          .execute()
      }
      await audit(
        trx,
        { operator, action: `user.${action}`, target: `user:${user.account}`, before, after },
        now,
      )
      return { userId: user.id, after }
    })
    const { userId, after } = result
    forgetSessions?.(userId)
    userEvents.emit(userId, {
      type: 'account:status',
      status: after.status,
      tradingBarred: after.trading_barred === 1n,
    })
    if (after.status !== 'active') userEvents.disconnectUser(userId)
    return { account, status: after.status, trading_barred: Number(after.trading_barred) }
  }
}
