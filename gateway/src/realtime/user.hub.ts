import {
  USER_NAMESPACE,
  type UserClientToServer,
  type UserEvent,
  type UserServerToClient,
} from '@kabu/shared/realtime'
import type { Logger } from 'pino'
import type { Namespace, Server } from 'socket.io'
import { z } from 'zod'
import type { Authenticate, UserEvents } from '../broker/index'

export interface UserHub extends UserEvents {
  /** Registers the namespace on the server; until then events are dropped (nobody can listen). */
  attach(io: Server, accounts: HubAccounts, logger?: Logger): void
  /** Ends every socket of a user (a ban, a new password): their sessions are dead, so are their streams. */
  disconnectUser(userId: bigint): void
  /** Ends the sockets of one session (a logout), on every gateway through the adapter. */
  endSession(sessionId: bigint): void
  /**
   * Checks this gateway's sockets of a user against their sessions now: the store's notice that
   * one of their sessions changed (PostgreSQL) reaches every gateway, Redis or not.
   */
  recheckUser(userId: bigint): void
  close(): void
}

type AccountStatusEvent = Extract<UserEvent, { type: 'account:status' }>

export interface HubAccounts {
  authenticate: Authenticate
  /**
   * The account's state when it is no longer active (frozen, banned), read when a socket's session
   * is found dead: whichever comes first, the operator's event or another gateway's notice, the
   * user learns why their stream ends.
   */
  inactiveStatus(userId: bigint): Promise<AccountStatusEvent | undefined>
}

type UserNamespace = Namespace<UserClientToServer, UserServerToClient>

const handshake = z.object({
  token: z.string().min(1).max(256),
  account: z.string().min(1).max(64),
})

const roomOf = (userId: bigint) => `user:${userId}`
const sessionRoomOf = (sessionId: bigint | string) => `session:${sessionId}`

/**
 * How often open sockets are checked against their session. A logout, a new password or a freeze
 * ends their sockets at once (endSession, disconnectUser, recheckUser); this sweep is the backstop
 * for anything that ends a session without telling (an expiry, an operator's SQL without notices).
 */
export const SESSION_RECHECK_MS = 30_000

/**
 * How long a dropped socket may come back and be handed what it missed (socket.io's connection
 * state recovery, on for the io server: API.md). The io server is given this very window.
 */
export const RECOVERY_WINDOW_MS = 2 * 60_000

interface SocketSession {
  userId: string
  sessionId: string
  token: string
  account: string
}

/**
 * The socket.io `/user` namespace (API.md): the handshake's token and account are checked by the
 * same `authenticate` as every /api/vue call, and each socket joins its user's room, so an event is
 * one `to(room).emit` wherever the user is connected. Built before the io server exists (the broker
 * needs `emit` at composition time), attached at start.
 */
export function createUserHub(
  options: {
    recheckMs?: number
    /** Redis spreads the namespace over gateways: a user's socket may be on another one. */
    spansGateways?: boolean
  } = {},
): UserHub {
  let namespace: UserNamespace | undefined
  let recheck: NodeJS.Timeout | undefined
  let checkSockets: (onlyUserId?: string) => void = () => {}
  const drops = new RecentDrops()
  // A user's socket on this gateway is in their room (the adapter's own record); one that dropped
  // within the window may come back and recover what it missed.
  const mayReceive = (userId: bigint) =>
    namespace?.adapter.rooms.has(roomOf(userId)) === true || drops.within(String(userId))
  return {
    emit(userId, event) {
      // The in-memory adapter keeps every event it sends for RECOVERY_WINDOW_MS, for sockets that
      // come back: one to a user no socket can receive would only hold memory, a heap's worth at
      // a busy gateway's rate of orders (tests/load/README.md, "Events kept for recovery").
      // Across gateways the Redis adapter keeps them in Redis and the socket may be elsewhere, so
      // there every event goes out.
      if (!options.spansGateways && !mayReceive(userId)) return
      // The map type is keyed by event.type; TS cannot correlate the union with its key here.
      const room = namespace?.to(roomOf(userId)) as
        { emit(name: string, payload: unknown): boolean } | undefined
      room?.emit(event.type, event)
    },

    attach(io, { authenticate, inactiveStatus }, logger) {
      const ns = io.of(USER_NAMESPACE) as UserNamespace
      ns.use((socket, next) => {
        const parsed = handshake.safeParse(socket.handshake.auth)
        if (!parsed.success) return next(new Error('please_login_again'))
        authenticate(parsed.data.token, parsed.data.account).then(
          (user) => {
            if (!user) return next(new Error('please_login_again'))
            const session: SocketSession = {
              userId: user.userId.toString(),
              sessionId: user.sessionId.toString(),
              ...parsed.data,
            }
            socket.data = session
            next()
          },
          (error: unknown) => {
            logger?.error({ err: error }, 'user hub authentication failed')
            next(new Error('network_error'))
          },
        )
      })
      ns.on('connection', (socket) => {
        const { userId, sessionId } = socket.data as Partial<SocketSession>
        if (!userId) return
        // Past 'disconnect' the socket has left its rooms: the user's last one leaves theirs empty.
        socket.once('disconnect', () => {
          if (!ns.adapter.rooms.has(roomOf(BigInt(userId)))) drops.note(userId)
        })
        // A recovered socket skips the middleware but keeps its rooms; a new one joins here.
        if (sessionId) void socket.join([roomOf(BigInt(userId)), sessionRoomOf(sessionId)])
      })
      namespace = ns

      checkSockets = (only) => {
        for (const socket of ns.sockets.values()) {
          const { token, account, userId } = socket.data as Partial<SocketSession>
          if (!token || !account || (only !== undefined && userId !== only)) continue
          authenticate(token, account)
            .then(async (user) => {
              if (user || !userId) return
              const status = await inactiveStatus(BigInt(userId))
              if (status) socket.emit('account:status', status)
              socket.disconnect()
            })
            .catch((error: unknown) =>
              logger?.error({ err: error }, 'user hub session check failed'),
            )
        }
      }
      recheck = setInterval(() => {
        checkSockets()
        drops.forgetExpired()
      }, options.recheckMs ?? SESSION_RECHECK_MS)
      recheck.unref()
    },

    endSession(sessionId) {
      namespace?.in(sessionRoomOf(sessionId)).disconnectSockets()
    },

    recheckUser(userId) {
      checkSockets(String(userId))
    },

    disconnectUser(userId) {
      // Not `true`: the disconnect packet then follows any event just emitted, so the user sees why.
      namespace?.in(roomOf(userId)).disconnectSockets()
    },

    close() {
      clearInterval(recheck)
      namespace?.removeAllListeners('connection')
      namespace?.disconnectSockets(true)
      namespace = undefined
    },
  }
}

/** When each user's last socket on this gateway dropped, kept for RECOVERY_WINDOW_MS. */
class RecentDrops {
  readonly #at = new Map<string, number>()

  note(userId: string): void {
    this.#at.set(userId, Date.now())
  }

  within(userId: string): boolean {
    const at = this.#at.get(userId)
    return at !== undefined && Date.now() - at < RECOVERY_WINDOW_MS
  }

  forgetExpired(): void {
    for (const [userId, at] of this.#at) {
      if (Date.now() - at >= RECOVERY_WINDOW_MS) this.#at.delete(userId)
    }
  }
}
