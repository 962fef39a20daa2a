import { io } from 'socket.io-client'
import { Observable, share } from 'rxjs'
import { USER_EVENT_TYPES } from '@kabu/shared/lines/index'
import { USER_NAMESPACE, type UserEvent } from '@kabu/shared/realtime'
import { readStored, STORAGE_KEYS } from '../api/storage'

/** The slice of a socket.io socket this layer uses, so a unit test can drive it in memory. */
export interface UserEventsSocket {
  on(event: string, listener: (payload: UserEvent) => void): void
  close(): void
}

export type Credentials = () => { token: string; account: string } | null

/** The real `/user` connection; `auth` is read on every (re)connect, so a new login is picked up. */
export function createSocketIoUserEvents(credentials: Credentials): UserEventsSocket {
  const socket = io(USER_NAMESPACE, {
    transports: ['websocket', 'polling'],
    auth: (send) => send(credentials() ?? {}),
  })
  return {
    on: (event, listener) => void socket.on(event, listener),
    close: () => void socket.disconnect(),
  }
}

/**
 * One `/user` connection shared by every subscriber: opened by the first, closed after the last
 * (rxjs `share` ref-counts it). Without a stored session there is nothing to listen to, so the
 * stream stays silent instead of knocking with no credentials.
 */
export function createUserEvents(
  credentials: Credentials,
  createSocket: (credentials: Credentials) => UserEventsSocket = createSocketIoUserEvents,
): Observable<UserEvent> {
  return new Observable<UserEvent>((subscriber) => {
    if (!credentials()) return undefined
    const socket = createSocket(credentials)
    // Every event the product lines declare (shared/src/lines), listened to by name.
    for (const type of USER_EVENT_TYPES) socket.on(type, (event) => subscriber.next(event))
    return () => socket.close()
  }).pipe(share())
}

const storedCredentials: Credentials = () => {
  const token = readStored(STORAGE_KEYS.token)
  const account = readStored(STORAGE_KEYS.account)
  return token && account ? { token, account } : null
}

let shared: Observable<UserEvent> | undefined

/** The logged-in user's own events (new message, reviews decided, account status, fills), live. */
export const userEvents$ = (): Observable<UserEvent> =>
  (shared ??= createUserEvents(storedCredentials))
