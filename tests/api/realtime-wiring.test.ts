import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connect, type Socket } from 'socket.io-client'
import {
  QUOTES_NAMESPACE,
  type QuotesClientToServer,
  type QuotesServerToClient,
  type SubscribeAck,
} from '@kabu/shared/realtime'
import { startTestApp, type TestApp } from '../support/app'

/**
 * The composed app serves socket.io on the same port as HTTP, with the /quotes hub registered
 * and connection state recovery on; stop() must also end live sockets.
 */
let t: TestApp
let socket: Socket<QuotesServerToClient, QuotesClientToServer>

beforeAll(async () => {
  t = await startTestApp()
  socket = connect(`${t.url}${QUOTES_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
  })
})
afterAll(async () => {
  socket.disconnect()
  await t.stop()
})

describe('socket.io in the composed app', () => {
  it('recovers a dropped connection’s state (connection state recovery is on)', async () => {
    const client = connect(`${t.url}${QUOTES_NAMESPACE}`, { transports: ['websocket'] })
    try {
      await new Promise<void>((resolve) => client.once('connect', () => resolve()))
      expect(client.recovered).toBe(false)
      const back = new Promise<void>((resolve) => client.once('connect', () => resolve()))
      // Drop the transport as a flaky mobile network would; the client reconnects on its own.
      client.io.engine.close()
      await back
      expect(client.recovered).toBe(true)
    } finally {
      client.disconnect()
    }
  })

  it('answers a /quotes subscription on the app’s port with snapshots', async () => {
    const ack = await new Promise<SubscribeAck>((resolve) =>
      socket.emit('subscribe', ['7203', 'NOPE'], resolve),
    )
    expect(ack.ok).toBe(true)
    if (!ack.ok) return
    expect(ack.snapshots.map((q) => q.code)).toEqual(['7203'])
    expect(ack.unknown).toEqual(['NOPE'])
  })

  it('stops with a client still connected, closing its socket', async () => {
    const other = await startTestApp()
    const client = connect(`${other.url}${QUOTES_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
    })
    await new Promise<void>((resolve) => client.on('connect', () => resolve()))
    const closed = new Promise<string>((resolve) => client.on('disconnect', resolve))
    await other.stop()
    expect(await closed).toMatch(/disconnect|close/)
    expect(other.app.server.listening).toBe(false)
  })
})
