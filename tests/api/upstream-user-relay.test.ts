import { io as connect } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import type { SessionGrant } from '@kabu/shared/api/user'
import { USER_NAMESPACE } from '@kabu/shared/realtime'
import { USER_EVENTS_UPSTREAM } from '../../gateway/src/realtime/user-upstream'
import { DEMO } from '../support/app'
import { brokerApi, brokerData, session } from '../support/broker'
import { brokerAndFront, refusing, silentBroker, startUpstreamGateway } from '../support/upstream'
import { ops, OPS_TOKEN } from './ops-client'
import { eventually, userSocket } from './ops-user-socket'

/**
 * Upstream broker mode relays `/user` (issue 39): gateway B is an ordinary gateway, the broker;
 * gateway A forwards `/api/vue` to it and relays each phone's `/user` socket to B's with the
 * phone's token. A phone on A hears the events B sends its user, is refused with B's own message,
 * and every socket A opens on B closes with the phone's; a B that A cannot reach is
 * USER_EVENTS_UPSTREAM, as when the relay is off.
 */
const { broker, front } = brokerAndFront({ env: { OPS_TOKEN } })

/** The broker's `/user` sockets: one per phone relayed by the front, none once they left. */
const upstreamSockets = () => broker.app.io.of(USER_NAMESPACE).sockets.size

/** A user registered and logged in through the front (the account lives in the broker). */
const register = (account: string) =>
  brokerData<SessionGrant>(front.url, '/user/register', {
    account,
    password: 'relay-pass-1',
    password2: 'relay-pass-1',
    invite: DEMO.invite,
    agree: '1',
  })

/** The connect_error a `/user` handshake on `base` gets. */
async function refusal(base: string, auth: object): Promise<string> {
  const socket = connect(`${base}${USER_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    auth,
  })
  try {
    const error = await new Promise<Error>((resolve, reject) => {
      socket.once('connect_error', resolve)
      socket.once('connect', () => reject(new Error('the handshake was accepted')))
    })
    return error.message
  } finally {
    socket.disconnect()
  }
}

describe('a gateway in upstream mode relays /user to the broker', () => {
  it("delivers the broker's events to the phone connected through the front", async () => {
    const grant = await register('relay0001')
    const phone = await userSocket(front.url, grant)
    try {
      expect(upstreamSockets()).toBe(1)
      const sent = await ops(broker.url, 'POST', '/messages', {
        account: 'relay0001',
        title: 'Relayed',
        summary: 'through the front',
        body: 'An operator wrote this on the broker.',
      })
      expect(sent).toMatchObject({ http: 200, data: { sent: 1 } })
      await eventually(() => phone.events.length === 1)
      expect(phone.events[0]).toMatchObject({ type: 'message:new', title: 'Relayed' })
    } finally {
      phone.socket.disconnect()
    }
  })

  it('carries events and their acks both ways (the client sends none today; a later one may)', async () => {
    const grant = await register('relay0007')
    const upstream = broker.app.io.of(USER_NAMESPACE)
    const echo = (socket: {
      on(name: string, fn: (n: number, ack: (n: number) => void) => void): void
    }) => socket.on('relay:echo', (n, ack) => ack(n + 1))
    upstream.on('connection', echo)
    const phone = await userSocket(front.url, grant)
    try {
      const raw = phone.socket as unknown as {
        emitWithAck(name: string, n: number): Promise<number>
        on(name: string, fn: (n: number, ack: (n: number) => void) => void): void
      }
      const timed = phone.socket.timeout(2_000) as unknown as typeof raw
      expect(await timed.emitWithAck('relay:echo', 41)).toBe(42)
      raw.on('relay:probe', (n, ack) => ack(n * 2))
      const [relayed] = [...upstream.sockets.values()]
      expect(await relayed!.timeout(2_000).emitWithAck('relay:probe', 21)).toBe(42)
    } finally {
      upstream.off('connection', echo)
      phone.socket.disconnect()
    }
  })

  it("refuses a bad token with the broker's own message, leaving nothing open", async () => {
    const grant = await register('relay0002')
    const direct = await refusal(broker.url, { token: 'nope', account: grant.account })
    expect(direct).toBe('please_login_again')
    expect(await refusal(front.url, { token: 'nope', account: grant.account })).toBe(direct)
    expect(await refusal(front.url, {})).toBe(direct)
    await eventually(() => upstreamSockets() === 0 && broker.app.io.engine.clientsCount === 0)
  })

  it('closes the upstream socket of each phone that leaves', async () => {
    const grant = await register('relay0003')
    const phones = await Promise.all([1, 2, 3].map(() => userSocket(front.url, grant)))
    expect(upstreamSockets()).toBe(3)
    expect(broker.app.io.engine.clientsCount).toBe(3)
    phones[0]!.socket.disconnect()
    await eventually(() => upstreamSockets() === 2)
    for (const phone of phones) phone.socket.disconnect()
    // Not only the namespace: each relayed socket's own connection to the broker is gone too.
    await eventually(() => upstreamSockets() === 0 && broker.app.io.engine.clientsCount === 0)
    expect(front.gateway.io.of(USER_NAMESPACE).sockets.size).toBe(0)
  })

  it('ends the phone as the broker ends its socket: a logout, for good', async () => {
    const grant = await register('relay0004')
    const phone = await userSocket(front.url, grant)
    const ended = new Promise<string>((resolve) => phone.socket.once('disconnect', resolve))
    const logout = await brokerApi(front.url, '/user/logout', {}, session(grant))
    expect(logout).toMatchObject({ http: 200, status: 1 })
    // "io server disconnect": the client does not retry, as with a logout on the broker itself.
    expect(await ended).toBe('io server disconnect')
    await eventually(() => upstreamSockets() === 0)
  })

  it("drops the phone's connection when the broker's is lost, and the phone reconnects", async () => {
    const grant = await register('relay0005')
    const phone = connect(`${front.url}${USER_NAMESPACE}`, {
      transports: ['websocket'],
      reconnectionDelay: 50,
      auth: session(grant),
    })
    try {
      await new Promise<void>((resolve) => phone.once('connect', () => resolve()))
      const dropped = new Promise<string>((resolve) => phone.once('disconnect', resolve))
      const reconnected = new Promise<void>((resolve) =>
        phone.io.once('reconnect', () => resolve()),
      )
      // The broker's side of the relayed connection fails, as in a restart or a network cut.
      for (const socket of broker.app.io.of(USER_NAMESPACE).sockets.values()) socket.conn.close()
      expect(await dropped).toBe('transport close')
      await reconnected
      await eventually(() => phone.connected && upstreamSockets() === 1)
    } finally {
      phone.disconnect()
    }
    await eventually(() => upstreamSockets() === 0)
  })
})

describe('a broker whose socket.io cannot be reached', () => {
  it('is USER_EVENTS_UPSTREAM when nothing listens', async () => {
    const down = await startUpstreamGateway(await refusing())
    try {
      expect(await refusal(down.url, { token: 't', account: 'a' })).toBe(USER_EVENTS_UPSTREAM)
    } finally {
      await down.stop()
    }
  })

  it('is USER_EVENTS_UPSTREAM within BROKER_UPSTREAM_TIMEOUT_MS when it hangs', async () => {
    const hanging = await silentBroker()
    const slow = await startUpstreamGateway(hanging.url, { BROKER_UPSTREAM_TIMEOUT_MS: '300' })
    try {
      const started = Date.now()
      expect(await refusal(slow.url, { token: 't', account: 'a' })).toBe(USER_EVENTS_UPSTREAM)
      expect(Date.now() - started).toBeLessThan(3_000)
    } finally {
      await slow.stop()
      await hanging.close()
    }
  })

  it('is USER_EVENTS_UPSTREAM where the broker has no socket.io, or the relay is off', async () => {
    const grant = await register('relay0006')
    for (const events of [`${broker.url}/no-socket-io`, 'off']) {
      const other = await startUpstreamGateway(`${broker.url}/api/vue`, {
        BROKER_UPSTREAM_EVENTS: events,
      })
      try {
        expect(await refusal(other.url, session(grant)), events).toBe(USER_EVENTS_UPSTREAM)
      } finally {
        await other.stop()
      }
    }
    expect(upstreamSockets()).toBe(0)
  })
})
