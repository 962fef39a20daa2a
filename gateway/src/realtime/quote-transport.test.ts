import type { Quote } from '@kabu/shared/market/types'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { Socket as TcpSocket, type AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import { io as connect, type Socket as ClientSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUOTES_NAMESPACE } from '@kabu/shared/realtime'
import { QuoteTransport, rawSocketOf, type EngineConnection } from './quote-transport'
import { TicksPackets } from './ticks-packets'

/** The version of `name` that `from` loads (socket.io's engine.io, engine.io's ws). */
function installed(name: string, from: string): { version: string; entry: string } {
  const entry = createRequire(from).resolve(name)
  const dir = `node_modules/${name}`
  const root = entry.slice(0, entry.lastIndexOf(`${dir}/`) + dir.length)
  const { version } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
    version: string
  }
  return { version, entry }
}
const socketIo = installed('socket.io', import.meta.url)
const engineIo = installed('engine.io', socketIo.entry)
const ws = installed('ws', engineIo.entry)
const UPGRADE = `socket.io ${socketIo.version}, engine.io ${engineIo.version}, ws ${ws.version}`
/** What a failure means, for whoever upgraded: said loudly, since at run time nothing fails. */
const broke = (what: string) =>
  `${what}: after this upgrade (${UPGRADE}), QuoteTransport finds no raw socket and sends every ` +
  `frame through engine.io's text path, silently and at more CPU and lag (the figures are in quote-transport.ts). Teach rawSocketOf ` +
  `(quote-transport.ts) the new internals, or go back to the versions pinned in gateway/package.json.`

/** What the transport reads, as engine.io and ws define it (untyped there). */
interface Internals {
  name: string
  writable: unknown
  socket?: { readyState?: unknown; extensions?: unknown; _socket?: unknown }
}

let io: Server
let url: string
/** The TCP socket of each WebSocket upgrade, as node's http server hands it over (public API). */
const upgraded: TcpSocket[] = []
const clients: ClientSocket[] = []

beforeAll(async () => {
  const http = createServer()
  http.on('upgrade', (_request, socket) => upgraded.push(socket as TcpSocket))
  // As the app builds it (app.ts): a default changing here (say, compression) is an upgrade too.
  io = new Server(http, { connectionStateRecovery: {} })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const client of clients) client.disconnect()
  await io.close()
})

/** A phone on /quotes and its server end; one that starts on long-polling, once upgraded. */
async function phone(transports: string[]) {
  const connected = new Promise<EngineConnection>((resolve) =>
    io.of(QUOTES_NAMESPACE).once('connection', (socket) => resolve(socket.conn)),
  )
  const client = connect(url + QUOTES_NAMESPACE, {
    transports,
    forceNew: true,
    reconnection: false,
  })
  clients.push(client)
  const conn = await connected
  if (transports.length === 1) return { client, conn }
  await new Promise((resolve) => conn.once('upgrade', resolve))
  return { client, conn }
}

function expectRawPath(conn: EngineConnection): void {
  const transport = conn.transport as unknown as Internals
  expect(transport.name, broke("engine.io's transport is no longer named 'websocket'")).toBe(
    'websocket',
  )
  expect(typeof transport.writable, broke("engine.io's transport.writable is gone")).toBe('boolean')
  const socket = transport.socket
  expect(
    socket,
    broke("engine.io's WebSocket transport no longer keeps ws's socket as `socket`"),
  ).toBeTypeOf('object')
  expect(socket!.readyState, broke("ws's readyState is no longer 1 when open")).toBe(1)
  expect(
    socket!.extensions,
    broke("ws's `extensions` is not '' (permessage-deflate agreed by default?)"),
  ).toBe('')
  expect(
    socket!._socket,
    broke("ws's WebSocket no longer keeps its TCP socket (a net.Socket) as `_socket`"),
  ).toBeInstanceOf(TcpSocket)
  expect(socket!._socket, broke("ws's `_socket` is not the socket of the upgrade")).toBe(
    upgraded.at(-1),
  )
  expect(rawSocketOf(conn), broke('rawSocketOf() finds no raw socket')).toBe(upgraded.at(-1))
}

const quote = (code: string, seq: number) => ({ code, seq, price: '1.5' }) as unknown as Quote
const nextTicks = (client: ClientSocket) =>
  new Promise<Quote[]>((resolve) => client.once('ticks', resolve))

describe('the private members of engine.io and ws that QuoteTransport reads', () => {
  it('are there on a phone connected straight over a WebSocket', async () => {
    expectRawPath((await phone(['websocket'])).conn)
  })

  it('are there on a phone that upgraded from long-polling', async () => {
    expectRawPath((await phone(['polling', 'websocket'])).conn)
  })
})

describe('QuoteTransport', () => {
  it('writes a WebSocket phone its frames to the TCP socket, and is behind while one is queued', async () => {
    const { client, conn } = await phone(['websocket'])
    let packets = 0
    conn.on('packetCreate', () => packets++)
    const transport = new QuoteTransport(conn, new TicksPackets())
    const tcp = rawSocketOf(conn)!
    tcp.cork() // holds the write in Node, as a phone that stopped reading would
    const got = nextTicks(client)
    transport.sendTicks([quote('7203', 1), quote('AAPL', 2)])
    expect(transport.isBehind()).toBe(true)
    tcp.uncork()
    expect(await got).toEqual([quote('7203', 1), quote('AAPL', 2)])
    expect(transport.isBehind()).toBe(false)
    expect(packets).toBe(0)
  })

  it('sends a long-polling phone the same ticks through engine.io', async () => {
    const { client, conn } = await phone(['polling'])
    expect(rawSocketOf(conn)).toBeUndefined()
    const got = nextTicks(client)
    new QuoteTransport(conn, new TicksPackets()).sendTicks([quote('N225', 7)])
    expect(await got).toEqual([quote('N225', 7)])
  })

  it("keeps a queued frame's bytes while frames to other phones are written at once", async () => {
    // One at a time: phone() takes the namespace's next connection.
    const slow = await phone(['websocket'])
    const quick = await phone(['websocket'])
    const packets = new TicksPackets()
    const held = new QuoteTransport(slow.conn, packets)
    const free = new QuoteTransport(quick.conn, packets)
    const tcp = rawSocketOf(slow.conn)!
    tcp.cork()
    const heldGot = nextTicks(slow.client)
    held.sendTicks([quote('7203', 1), quote('AAPL', 2)])
    // Written at once, so each gives its room back to the next: none may take the held frame's.
    for (let seq = 1; seq <= 50; seq++) {
      const got = nextTicks(quick.client)
      free.sendTicks([quote('6758', seq)])
      expect(await got).toEqual([quote('6758', seq)])
    }
    tcp.uncork()
    expect(await heldGot).toEqual([quote('7203', 1), quote('AAPL', 2)])
  })
})
