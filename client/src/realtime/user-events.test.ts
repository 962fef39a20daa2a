import { describe, expect, it } from 'vitest'
import type { UserEvent } from '@kabu/shared/realtime'
import { createUserEvents, type UserEventsSocket } from './user-events'

function fakeSocket() {
  const listeners = new Map<string, (event: UserEvent) => void>()
  const state = { opened: 0, closed: 0 }
  const socket: UserEventsSocket = {
    on: (event, listener) => void listeners.set(event, listener),
    close: () => void state.closed++,
  }
  const push = (event: UserEvent) => listeners.get(event.type)?.(event)
  return { socket, state, push, create: () => (state.opened++, socket) }
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
})
