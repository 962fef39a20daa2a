import { USER_NAMESPACE } from '@kabu/shared/realtime'
import type { Server, Socket } from 'socket.io'
import { io as connect, type Socket as UpstreamSocket } from 'socket.io-client'
import type { UpstreamEvents } from '../config'
import type { Logger } from '../logger'
import { USER_EVENTS_UPSTREAM } from './user-upstream'

export interface UserRelayTarget extends UpstreamEvents {
  /** How long the broker's socket.io may take to accept a socket (BROKER_UPSTREAM_TIMEOUT_MS). */
  timeoutMs: number
}

/** What engine.io and socket.io put in a handshake's query themselves: the relay's client sets its own. */
const TRANSPORT_QUERY = new Set(['EIO', 'transport', 't', 'sid', 'j', 'b64'])

/**
 * Upstream broker mode: a user's events happen in the broker, and only its `/user` namespace knows
 * them and can check the phone's session. So each phone's `/user` socket is relayed: the gateway
 * opens one socket.io-client socket to the broker's `/user` with the phone's own handshake (token,
 * account, query) and accepts the phone only once the broker did. A refusal of the broker's
 * (`please_login_again`) reaches the phone as the broker sent it; a broker that cannot be reached
 * within the timeout, or that has no socket.io, is USER_EVENTS_UPSTREAM, as when the relay is off.
 * Then every event goes across as it is, either way, acks included, and each side closes with the
 * other (`pipe` below).
 */
export function relayUserEvents(io: Server, target: UserRelayTarget, logger: Logger): void {
  const opened = new WeakMap<Socket, UpstreamSocket>()
  const ns = io.of(USER_NAMESPACE)
  ns.use((phone, next) => {
    openUpstream(phone, target).then(
      (upstream) => {
        opened.set(phone, upstream)
        next()
      },
      (error: Error) => {
        if (error.message === USER_EVENTS_UPSTREAM)
          logger.warn({ cause: String(error.cause) }, 'the upstream /user socket is unreachable')
        next(error)
      },
    )
  })
  ns.on('connection', (phone) => {
    const upstream = opened.get(phone)
    opened.delete(phone)
    // A recovered socket runs the middleware too (skipMiddlewares is off), so there always is one.
    if (upstream) pipe(phone, upstream)
    else phone.disconnect(true)
  })
}

/**
 * The broker's `/user` socket for one phone, connected; or the error the phone's handshake gets.
 * Its own Manager (forceNew): closing it closes its connection, whoever else is relayed.
 */
function openUpstream(phone: Socket, target: UserRelayTarget): Promise<UpstreamSocket> {
  const upstream = connect(`${target.origin}${USER_NAMESPACE}`, {
    path: target.path,
    auth: phone.handshake.auth,
    query: forwardedQuery(phone.handshake.query),
    transports: ['websocket'],
    forceNew: true,
    // Not retried here: a phone whose upstream is gone is dropped and reconnects through us.
    reconnection: false,
    timeout: target.timeoutMs,
    // Connected below, once the Manager's own error is heard first (see `unreachable`).
    autoConnect: false,
  })
  return new Promise((resolve, reject) => {
    // The Manager reports a failed transport (nothing listening, no socket.io there, its timeout)
    // before the socket's connect_error; a connect_error alone is the broker's own refusal.
    let unreachable: Error | undefined
    const fail = (error: Error) => {
      clearTimeout(timer)
      phone.conn.off('close', phoneGone)
      upstream.disconnect()
      reject(error)
    }
    // The phone's connection closing ends the upstream: while it waits here (it gave up), and in
    // the moment between its acceptance and its `connection`, before pipe's `disconnect` takes over.
    const phoneGone = () => fail(new Error('the phone left before the upstream answered'))
    phone.conn.once('close', phoneGone)
    const timer = setTimeout(
      () => fail(new Error(USER_EVENTS_UPSTREAM, { cause: 'timeout' })),
      target.timeoutMs,
    )
    upstream.io.once('error', (error) => (unreachable = error))
    upstream.once('connect_error', (error: Error & { data?: unknown }) => {
      if (unreachable) return fail(new Error(USER_EVENTS_UPSTREAM, { cause: unreachable.message }))
      // The broker's middleware said no: the phone gets its message (and data) unchanged.
      fail(Object.assign(new Error(error.message), { data: error.data }))
    })
    upstream.once('connect', () => {
      clearTimeout(timer)
      phone.once('disconnect', () => phone.conn.off('close', phoneGone))
      resolve(upstream)
    })
    upstream.connect()
  })
}

/**
 * Events both ways, acks included (socket.io hands an ack function as the last argument, and
 * emitting it on the other side asks that side for the ack). Each side closes with the other: a
 * phone leaving ends its upstream; the broker ending the socket itself (a logout, a ban) ends the
 * phone's as it would directly, so its client does not retry; the broker's connection lost (a
 * restart, the network) closes the phone's connection, so its client reconnects through us.
 */
function pipe(phone: Socket, upstream: UpstreamSocket): void {
  upstream.onAny((event: string, ...args: unknown[]) => phone.emit(event, ...args))
  phone.onAny((event: string, ...args: unknown[]) => upstream.emit(event, ...args))
  upstream.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') phone.disconnect()
    // Not disconnect(true): it sends the phone a namespace disconnect first, which it would not retry.
    else phone.conn.close()
  })
  phone.on('disconnect', () => upstream.disconnect())
}

function forwardedQuery(query: Record<string, unknown>): Record<string, string> {
  const forwarded: Record<string, string> = {}
  for (const [key, value] of Object.entries(query))
    if (!TRANSPORT_QUERY.has(key) && typeof value === 'string') forwarded[key] = value
  return forwarded
}
