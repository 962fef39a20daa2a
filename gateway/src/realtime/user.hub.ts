import {
  USER_NAMESPACE,
  type UserClientToServer,
  type UserServerToClient,
} from '@kabu/shared/realtime'
import type { Logger } from 'pino'
import type { Namespace, Server } from 'socket.io'
import { z } from 'zod'
import type { Authenticate, UserEvents } from '../broker/index'

export interface UserHub extends UserEvents {
  /** Registers the namespace on the server; until then events are dropped (nobody can listen). */
  attach(io: Server, authenticate: Authenticate, logger?: Logger): void
  /** Ends every socket of a user (a ban): their session is dead, so is their stream. */
  disconnectUser(userId: bigint): void
  close(): void
}

type UserNamespace = Namespace<UserClientToServer, UserServerToClient>

const handshake = z.object({
  token: z.string().min(1).max(256),
  account: z.string().min(1).max(64),
})

const roomOf = (userId: bigint) => `user:${userId}`

/**
 * How often open sockets are checked against their session. A logout elsewhere, a new password or a
 * freeze ends the session; its socket must not go on hearing the user's events.
 */
export const SESSION_RECHECK_MS = 30_000

interface SocketSession {
  userId: string
  token: string
  account: string
}

/**
 * The socket.io `/user` namespace (API.md): the handshake's token and account are checked by the
 * same `authenticate` as every /api/vue call, and each socket joins its user's room, so an event is
 * one `to(room).emit` wherever the user is connected. Built before the io server exists (the broker
 * needs `emit` at composition time), attached at start.
 */
export function createUserHub(options: { recheckMs?: number } = {}): UserHub {
  let namespace: UserNamespace | undefined
  let recheck: NodeJS.Timeout | undefined
  return {
    emit(userId, event) {
      // The map type is keyed by event.type; TS cannot correlate the union with its key here.
      const room = namespace?.to(roomOf(userId)) as
        { emit(name: string, payload: unknown): boolean } | undefined
      room?.emit(event.type, event)
    },

    attach(io, authenticate, logger) {
      const ns = io.of(USER_NAMESPACE) as UserNamespace
      ns.use((socket, next) => {
        const parsed = handshake.safeParse(socket.handshake.auth)
        if (!parsed.success) return next(new Error('please_login_again'))
        authenticate(parsed.data.token, parsed.data.account).then(
          (user) => {
            if (!user) return next(new Error('please_login_again'))
            const session: SocketSession = { userId: user.userId.toString(), ...parsed.data }
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
        const { userId } = socket.data as Partial<SocketSession>
        // A recovered socket skips the middleware but keeps its rooms; a new one joins here.
        if (userId) void socket.join(roomOf(BigInt(userId)))
      })
      namespace = ns

      recheck = setInterval(() => {
        for (const socket of ns.sockets.values()) {
          const { token, account } = socket.data as Partial<SocketSession>
          if (!token || !account) continue
          authenticate(token, account).then(
            (user) => void (user ? undefined : socket.disconnect()),
            (error: unknown) => logger?.error({ err: error }, 'user hub session check failed'),
          )
        }
      }, options.recheckMs ?? SESSION_RECHECK_MS)
      recheck.unref()
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
