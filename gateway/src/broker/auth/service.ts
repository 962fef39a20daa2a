import type { Kysely } from 'kysely'
import { ACCOUNT_RULE } from '@kabu/shared/api/user'
import type { SelfFreezeScope } from '@kabu/shared/api/trust'
import type { Market } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { SessionUser } from '../common/session-user'
import { isUniqueViolation, type Database } from '../../store/index'
import type { IdentityChecks } from '../common/identity-checks'
import { Refusal } from '../common/refusal'
import { createLoginThrottle } from './login-throttle'
import * as q from './auth.sql'
import type { BalanceReader, WalletBalances } from './balances'
import type { PasswordHasher } from '../../passwords'
import type { SessionCache } from './session-cache'
import { hashSessionToken, newInviteCode, newSessionToken } from './tokens'

/** A session lives 30 days from its login; then the client is sent to log in again. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60_000

// Eight random characters collide rarely; a few retries make it practically never.
const INVITE_CODE_ATTEMPTS = 5

export interface AuthDeps {
  db: Kysely<Database>
  clock: Clock
  passwords: PasswordHasher
  balances: BalanceReader
  identityStatus: IdentityChecks['identityStatus']
  /** The published credit formula (loans area); without it, the stored score. */
  creditScore?: (userId: bigint, market: Market) => Promise<number>
  /** Live sessions kept between calls; without it every call reads its session. */
  sessions?: SessionCache
  /** The `/user` sockets of ended sessions are closed at once, on every gateway. */
  liveSockets?: LiveSockets
}

/** What ends the `/user` sockets of a session that ended (the realtime hub implements it). */
export interface LiveSockets {
  endSession(sessionId: bigint): void
  disconnectUser(userId: bigint): void
}

export interface Profile {
  account: string
  inviteCode: string
  creditScore: number
  fundPasswordSet: boolean
  /** 0 unverified, 1 reviewing, 2 verified, 3 failed (the KYC area's status). */
  verified: 0 | 1 | 2 | 3
  balances: WalletBalances
}

export type AuthService = ReturnType<typeof createAuthService>

/** Told only to someone who proved they own the account. */
function refuseInactive(status: string): void {
  if (status === 'banned') throw new Refusal('account_banned')
  if (status === 'frozen') throw new Refusal('account_frozen')
}

/**
 * Accounts and sessions: register under an inviter, log in, log out, change the login password, and
 * resolve a token to its user for every authed call.
 */
export function createAuthService(deps: AuthDeps) {
  const { db, clock, passwords, balances, creditScore, sessions } = deps
  const throttle = createLoginThrottle(db, clock)
  async function openSession(userId: bigint, executor: Kysely<Database> = db): Promise<string> {
    const { token, tokenHash } = newSessionToken()
    await q.insertSession(executor, { userId, tokenHash, now: clock.now() })
    return token
  }

  return {
    /** Forgets failed logins that left the throttle's window (a leader job's pass). */
    pruneLoginFailures: () => throttle.prune(),

    /** A newcomer joins with the invite code of an existing user and is logged in at once. */
    async register(input: { account: string; password: string; invite: string }) {
      if (await q.findUserByAccount(db, input.account)) throw new Refusal('account_exists')
      const inviter = await q.findUserByInviteCode(db, input.invite)
      if (!inviter) throw new Refusal('inviter_not_found')
      const passwordHash = await passwords.hash(input.password)

      for (let attempt = 1; ; attempt++) {
        try {
          const token = await db.transaction().execute(async (trx) => {
            const userId = await q.insertUser(trx, {
              account: input.account,
              password_hash: passwordHash,
              invite_code: newInviteCode(),
              inviter_id: inviter.id,
              created_at: clock.now(),
            })
            return openSession(userId, trx)
          })
          return { token, account: input.account }
        } catch (error) {
          if (!isUniqueViolation(error)) throw error
          // Either someone took the account meanwhile, or the invite code collided: try a new one.
          if (await q.findUserByAccount(db, input.account)) throw new Refusal('account_exists')
          if (attempt >= INVITE_CODE_ATTEMPTS) throw error
        }
      }
    },

    /**
     * Unknown account and wrong password get the same answer and take the same time, so the login
     * form cannot be used to find out which accounts exist. The account's state is only told to
     * someone who knows its password.
     */
    /** `ip`: the caller's address, for the login throttle (login-throttle.ts). */
    async login(input: { account: string; password: string }, ip: string) {
      // Counted as a failure until the password proves right.
      const attempt = await throttle.begin(input.account, ip)
      const user = ACCOUNT_RULE.test(input.account)
        ? await q.findUserByAccount(db, input.account)
        : undefined
      const right = user
        ? await passwords.verify(user.password_hash, input.password)
        : await passwords.verifyNothing(input.password).then(() => false)
      if (!user || !right) throw new Refusal('wrong_account_or_password')
      await attempt.succeeded()
      refuseInactive(user.status)
      if (passwords.isOutdated(user.password_hash)) {
        await q.setPasswordHash(db, user.id, await passwords.hash(input.password))
      }
      return { token: await openSession(user.id), account: user.account }
    },

    /**
     * A session for a user proved another way (a passkey, second-factor area): the same session a
     * password login opens, under the same account states.
     */
    async startSession(userId: bigint) {
      const user = await q.findUserById(db, userId)
      if (!user) throw new Refusal('account_not_found')
      refuseInactive(user.status)
      return { token: await openSession(user.id), account: user.account }
    },

    /** The session behind a token, if it is live, its user active and the account really theirs. */
    async authenticate(token: string, account: string): Promise<SessionUser | null> {
      const tokenHash = hashSessionToken(token)
      const notBefore = clock.now() - SESSION_MAX_AGE_MS
      let session = sessions?.get(tokenHash)
      // The 30 days run on the clock, which tests and the demo may move: checked on every call.
      if (!session || session.createdAt <= notBefore) {
        const epoch = sessions?.begin()
        const row = await q.findLiveSession(db, tokenHash, notBefore)
        if (!row || row.status !== 'active') return null
        session = {
          user: Object.freeze({
            userId: row.user_id,
            sessionId: row.session_id,
            account: row.account,
            tradingBarred: row.trading_barred === 1n,
            selfFrozen: row.self_frozen ? (row.self_frozen.split(',') as SelfFreezeScope[]) : [],
          }),
          createdAt: Number(row.created_at),
        }
        if (epoch !== undefined) sessions?.keep(epoch, tokenHash, session)
      }
      if (session.user.account.toLowerCase() !== account.toLowerCase()) return null
      return session.user
    },

    async logout(user: SessionUser): Promise<void> {
      await q.revokeSession(db, user.sessionId, clock.now())
      // The store's notice would say so too, a moment later; this gateway's next call must not wait.
      sessions?.forgetUser(user.userId)
      deps.liveSockets?.endSession(user.sessionId)
    },

    /** A new login password ends every session of the user, this one included. */
    async changePassword(user: SessionUser, input: { old: string; password: string }) {
      const current = await q.findUserById(db, user.userId)
      if (!current) throw new Refusal('please_login_again', 401)
      if (!(await passwords.verify(current.password_hash, input.old))) {
        throw new Refusal('wrong_old_password')
      }
      const hash = await passwords.hash(input.password)
      await db.transaction().execute(async (trx) => {
        await q.setPasswordHash(trx, user.userId, hash)
        await q.revokeAllSessions(trx, user.userId, clock.now())
      })
      sessions?.forgetUser(user.userId)
      deps.liveSockets?.disconnectUser(user.userId)
    },

    async profile(user: SessionUser, market: Market): Promise<Profile> {
      const row = await q.findUserById(db, user.userId)
      if (!row) throw new Refusal('please_login_again', 401)
      return {
        account: row.account,
        inviteCode: row.invite_code,
        creditScore: creditScore
          ? await creditScore(user.userId, market)
          : Number(row.credit_score),
        fundPasswordSet: row.fund_password_hash !== null,
        verified: await deps.identityStatus(db, user.userId),
        balances: await balances(user.userId, market),
      }
    },
  }
}
