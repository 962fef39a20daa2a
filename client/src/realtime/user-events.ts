import { io } from 'socket.io-client'
import { defer, filter, Observable, share, startWith } from 'rxjs'
import { USER_EVENT_TYPES } from '@kabu/shared/lines/index'
import { USER_NAMESPACE, type UserEvent } from '@kabu/shared/realtime'
import { readStored, STORAGE_KEYS } from '../api/storage'

/** The slice of a socket.io socket this layer uses, so a unit test can drive it in memory. */
export interface UserEventsSocket {
  on(event: string, listener: (payload: UserEvent) => void): void
  /** At each (re)connect: what was sent while it was away (or before it joined) was not heard. */
  onConnect(listener: () => void): void
  close(): void
}

export type Credentials = () => { token: string; account: string } | null

/** The real `/user` connection; `auth` is read on every (re)connect, so a new login is picked up. */
export function createSocketIoUserEvents(credentials: Credentials): UserEventsSocket {
  const socket = io(USER_NAMESPACE, {
    transports: ['websocket', 'polling'],
    auth: (send) => send(credentials() ?? {}),
  })
  // The namespace shares the page's one socket.io Manager, made by whichever socket came first:
  // when `/quotes` (autoConnect: false) made it, this socket would wait for a connect() that never
  // came, and no /user event would reach a phone that opened a stock page first.
  socket.connect()
  return {
    on: (event, listener) => void socket.on(event, listener),
    onConnect: (listener) => void socket.on('connect', listener),
    close: () => void socket.disconnect(),
  }
}

/**
 * Not an event on the wire: from now on this subscriber hears every event, so whatever it needs
 * of what came before must be read now (a push is sent once, to the sockets connected then). A
 * subscriber gets it at once when the socket is already up, and again at each (re)connect.
 */
export const LISTENING = { type: 'listening' } as const
export type UserFeedItem = UserEvent | typeof LISTENING

/**
 * One `/user` connection shared by every subscriber: opened by the first, closed after the last
 * (rxjs `share` ref-counts it). Without a stored session there is nothing to listen to, so the
 * stream stays silent instead of knocking with no credentials.
 */
export function createUserFeed(
  credentials: Credentials,
  createSocket: (credentials: Credentials) => UserEventsSocket = createSocketIoUserEvents,
): Observable<UserFeedItem> {
  let connected = false
  const shared = new Observable<UserFeedItem>((subscriber) => {
    if (!credentials()) return undefined
    const socket = createSocket(credentials)
    socket.onConnect(() => {
      connected = true
      subscriber.next(LISTENING)
    })
    // Every event the product lines declare (shared/src/lines), listened to by name.
    for (const type of USER_EVENT_TYPES) socket.on(type, (event) => subscriber.next(event))
    return () => {
      connected = false
      socket.close()
    }
  }).pipe(share())
  return defer(() => (connected ? shared.pipe(startWith(LISTENING)) : shared))
}

const isEvent = (item: UserFeedItem): item is UserEvent => item.type !== LISTENING.type

/** The events alone, for subscribers that read nothing on (re)connect. */
export const createUserEvents = (
  credentials: Credentials,
  createSocket?: (credentials: Credentials) => UserEventsSocket,
): Observable<UserEvent> => createUserFeed(credentials, createSocket).pipe(filter(isEvent))

const storedCredentials: Credentials = () => {
  const token = readStored(STORAGE_KEYS.token)
  const account = readStored(STORAGE_KEYS.account)
  return token && account ? { token, account } : null
}

let feed: Observable<UserFeedItem> | undefined
let events: Observable<UserEvent> | undefined

/** The logged-in user's events with {@link LISTENING} marks, for whoever must catch up on them. */
export const userFeed$ = (): Observable<UserFeedItem> =>
  (feed ??= createUserFeed(storedCredentials))

/** The logged-in user's own events (new message, reviews decided, account status, fills), live. */
export const userEvents$ = (): Observable<UserEvent> =>
  (events ??= userFeed$().pipe(filter(isEvent)))
