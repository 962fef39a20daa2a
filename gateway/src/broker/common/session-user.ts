import type { SelfFreezeScope } from '@kabu/shared/api/trust'

/**
 * Who is calling, as the session lookup found them. The broker's services take it, and the HTTP
 * and socket layers produce it; it lives here so that both may read it without the broker looking up.
 */
export interface SessionUser {
  userId: bigint
  sessionId: bigint
  account: string
  tradingBarred: boolean
  /** The scopes the user has frozen, as their session was read (absent: ask the trust area). */
  selfFrozen?: readonly SelfFreezeScope[]
}

/**
 * Resolves the `token` and `account` headers to a live session, or null when the token is unknown,
 * expired or revoked, the user is not active, or the account is not the token's owner.
 */
export type Authenticate = (token: string, account: string) => Promise<SessionUser | null>
