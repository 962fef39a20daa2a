import { describe, expect, it } from 'vitest'
import type { UserEvent } from '@kabu/shared/realtime'
import {
  createUserEvents,
  createUserFeed,
  LISTENING,
  type UserEventsSocket,
  type UserFeedItem,
} from './user-events'

function fakeSocket() {
  const listeners = new Map<string, (event: UserEvent) => void>()
  const connects: Array<() => void> = []
  const state = { opened: 0, closed: 0 }
  const socket: UserEventsSocket = {
    on: (event, listener) => void listeners.set(event, listener),
    onConnect: (listener) => void connects.push(listener),
    close: () => void state.closed++,
  }
  const push = (event: UserEvent) => listeners.get(event.type)?.(event)
  const connect = () => connects.forEach((listener) => listener())
  return { socket, state, push, connect, create: () => (state.opened++, socket) }
}

const message: UserEvent = {
  type: 'message:new',
  id: '1',
  title: 't',
  summary: 's',
  params: {},
  created: 1,
}

describe('createUserEvents', () => {
  it('shares one connection between subscribers and closes it after the last', () => {
    const fake = fakeSocket()
    const events$ = createUserEvents(() => ({ token: 't', account: 'a' }), fake.create)
    const a: UserEvent[] = []
    const b: UserEvent[] = []
    const first = events$.subscribe((e) => a.push(e))
    const second = events$.subscribe((e) => b.push(e))
    fake.push(message)
    fake.push({ type: 'kyc:result', id: '2', status: 'approved' })
    expect(fake.state.opened).toBe(1)
    expect(a).toEqual(b)
    expect(a.map((e) => e.type)).toEqual(['message:new', 'kyc:result'])
    first.unsubscribe()
    expect(fake.state.closed).toBe(0)
    second.unsubscribe()
    expect(fake.state.closed).toBe(1)
  })

  it('does not connect without a stored session', () => {
    const fake = fakeSocket()
    const events$ = createUserEvents(() => null, fake.create)
    const subscription = events$.subscribe()
    expect(fake.state.opened).toBe(0)
    subscription.unsubscribe()
  })

  it('leaves the LISTENING marks out of the events', () => {
    const fake = fakeSocket()
    const seen: UserEvent[] = []
    const subscription = createUserEvents(
      () => ({ token: 't', account: 'a' }),
      fake.create,
    ).subscribe((e) => seen.push(e))
    fake.connect()
    fake.push(message)
    expect(seen).toEqual([message])
    subscription.unsubscribe()
  })
})

describe('createUserFeed', () => {
  it('marks LISTENING at each (re)connect, and at once for who joins a connected socket', () => {
    const fake = fakeSocket()
    const feed$ = createUserFeed(() => ({ token: 't', account: 'a' }), fake.create)
    const early: UserFeedItem[] = []
    const late: UserFeedItem[] = []
    const first = feed$.subscribe((e) => early.push(e))
    expect(early).toEqual([])
    fake.connect()
    fake.push(message)
    const second = feed$.subscribe((e) => late.push(e))
    fake.connect()
    expect(early).toEqual([LISTENING, message, LISTENING])
    expect(late).toEqual([LISTENING, LISTENING])
    expect(fake.state.opened).toBe(1)
    first.unsubscribe()
    second.unsubscribe()
    // Closed: the next subscriber waits for its own socket's connect.
    const third: UserFeedItem[] = []
    feed$.subscribe((e) => third.push(e)).unsubscribe()
    expect(third).toEqual([])
  })
})
