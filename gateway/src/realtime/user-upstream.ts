import type { Server } from 'socket.io'
import { USER_NAMESPACE } from '@kabu/shared/realtime'

/**
 * The `connect_error` message a `/user` socket gets from a gateway in upstream broker mode when its
 * events cannot come from the broker: the relay is off, or the broker's socket.io cannot be reached.
 */
export const USER_EVENTS_UPSTREAM = 'user_events_upstream'

/**
 * Upstream broker mode with BROKER_UPSTREAM_EVENTS=off (a broker without socket.io): a user's own
 * events happen in the broker, which has no way to tell this gateway, and its sessions are not ours
 * to check. So `/user` refuses every handshake with USER_EVENTS_UPSTREAM instead of accepting
 * sockets that would never hear anything; the app's screens fall back on the polls they keep
 * anyway (the holding status, a request's verdict), and socket.io does not retry a refused
 * handshake. Otherwise `/user` is relayed to the broker (user-relay.ts).
 */
export function refuseUserEvents(io: Server): void {
  io.of(USER_NAMESPACE).use((_socket, next) => next(new Error(USER_EVENTS_UPSTREAM)))
}
