import type { SessionUser } from '../common/session-user'

/** A live session as its lookup found it. */
export interface CachedSession {
  user: Readonly<SessionUser>
  /** When it was opened (the clock's epoch ms), for the 30-day limit, which moves with the clock. */
  createdAt: number
}

/** More than the phones one gateway serves at once; past it the oldest entries go. */
const MAX_ENTRIES = 20_000

/**
 * The sessions authenticate found live lately, by token hash: every authed call reads its session,
 * a network round trip on PostgreSQL and a statement through Kysely on SQLite, one of the order
 * path's largest.
 *
 * It is trusted only while the store's notices are followed. On PostgreSQL triggers (migrations
 * 0011, 0033) NOTIFY a user's id whenever one of their sessions is revoked, their status, trading
 * bar or account changes or their self-freezes do, whoever wrote it (this gateway, another one, an
 * operator's SQL); on SQLite the same triggers are the connection's own (store/sqlite-notices.ts),
 * and a commit by another connection, which fires none, drops everything (`writtenElsewhere`).
 * A notice drops that user's entries. Without the notices (not yet listening, connection lost)
 * nothing is kept. A lookup that was under way when a notice came is not kept either (it may have
 * read the state before the change): each notice moves `epoch`, and `keep` takes the epoch its
 * lookup began in.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>()
  private epoch = 0
  private followed = false
  private writtenElsewhere: (() => boolean) | undefined

  get(tokenHash: string): CachedSession | undefined {
    if (this.writtenElsewhere?.()) this.forgetAll()
    return this.entries.get(tokenHash)
  }

  /** The epoch a lookup begins in: pass it to keep(). */
  begin(): number {
    return this.epoch
  }

  keep(begunIn: number, tokenHash: string, session: CachedSession): void {
    if (!this.followed || begunIn !== this.epoch) return
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(tokenHash, session)
  }

  /** Something about this user's sessions changed: look them up afresh. */
  forgetUser(userId: bigint): void {
    this.epoch++
    for (const [tokenHash, session] of this.entries) {
      if (session.user.userId === userId) this.entries.delete(tokenHash)
    }
  }

  /** A notice from the store: its payload is a user id; anything else drops every entry. */
  notice(payload: string): void {
    if (/^\d{1,19}$/.test(payload)) this.forgetUser(BigInt(payload))
    else this.forgetAll()
  }

  /**
   * Whether the notices are followed now; while they are not, nothing is kept. `writtenElsewhere`
   * tells of changes that raise no notice (SQLite: another connection's commit).
   */
  following(isFollowed: boolean, writtenElsewhere?: () => boolean): void {
    this.followed = isFollowed
    this.writtenElsewhere = writtenElsewhere
    this.forgetAll()
  }

  private forgetAll(): void {
    this.epoch++
    this.entries.clear()
  }
}
