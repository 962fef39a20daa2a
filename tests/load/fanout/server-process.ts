/**
 * The server side of one benchmark setup, in a process of its own so its CPU time is its alone:
 * the synthetic market plus (a) the raw `ws` reference, (b) the gateway's /quotes hub, or the
 * per-code rooms probe. Driven over IPC by fanout.ts.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { QUOTES_NAMESPACE, TICK_BATCH_MS } from '@kabu/shared/realtime'
import { Server } from 'socket.io'
import { registerQuotesHub } from '../../../gateway/src/realtime/quotes.hub'
import type { FromServer, Setup, ToServer } from './messages'
import { startRoomsHub } from './rooms-hub'
import { SyntheticMarket } from './synthetic-market'
import { startWsReference } from './ws-reference'

const setup = process.argv[2] as Setup
const market = new SyntheticMarket()
const http = createServer()
const send = (message: FromServer) => process.send!(message)

// The one-message-per-frame rule checked where it is kept, at the server: the clients' receive
// times on 2 busy cores bunch messages that left 100 ms apart.
const lastSentAt = new WeakMap<object, number>()
let framesSent = 0
let framesTooSoon = 0
function frameSent(client: object) {
  const now = performance.now()
  const last = lastSentAt.get(client)
  if (last !== undefined && now - last < TICK_BATCH_MS - 2) framesTooSoon++
  lastSentAt.set(client, now)
  framesSent++
}
const LONG_MESSAGE = 200

let stop: () => void
if (setup === 'ref') {
  stop = startWsReference(http, market, frameSent)
} else {
  // As app.ts builds it: connection state recovery on, which decides how emits are kept.
  const io = new Server(http, { connectionStateRecovery: {} })
  io.of(QUOTES_NAMESPACE).on('connection', (socket) => {
    // Pings and `status` are short, acks come only while connecting: a long message is a frame.
    // (Its length costs nothing; reading its first characters would copy the hub's joined frame.)
    // The hub hands a WebSocket its frame prebuilt (`wsPreEncodedFrame`), with no text.
    socket.conn.on('packetCreate', (packet: { data?: unknown; options?: object }) => {
      const prebuilt = packet.options !== undefined && 'wsPreEncodedFrame' in packet.options
      if (prebuilt || (typeof packet.data === 'string' && packet.data.length > LONG_MESSAGE)) {
        frameSent(socket)
      }
    })
  })
  if (setup === 'hub') {
    const hub = registerQuotesHub(io, market.service())
    stop = () => hub.close()
  } else {
    stop = startRoomsHub(io, market)
  }
}

http.listen(0, '127.0.0.1', () => {
  send({ type: 'listening', port: (http.address() as AddressInfo).port })
})

process.on('message', (message: ToServer) => {
  if (message.type === 'rate') market.setRate(message.ticksPerSecond)
  else if (message.type === 'usage') {
    if (message.settle) global.gc?.()
    const cpu = process.cpuUsage()
    send({
      type: 'usage',
      cpuMicros: cpu.user + cpu.system,
      rssBytes: process.memoryUsage.rss(),
      // Buffers waiting in sockets live outside the JS heap: counted too.
      heapBytes: process.memoryUsage().heapUsed + process.memoryUsage().external,
      produced: market.produced,
      framesSent,
      framesTooSoon,
    })
  } else {
    market.stop()
    stop()
    process.exit(0)
  }
})
