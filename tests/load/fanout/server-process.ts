/**
 * The server side of one benchmark setup, in a process of its own so its CPU time is its alone:
 * the synthetic market plus (a) the raw `ws` reference, (b) the gateway's /quotes hub (with the
 * leader's alert watcher on the same market in `hub+alerts`), or the per-code rooms probe. Driven
 * over IPC by fanout.ts.
 */
import { createServer } from 'node:http'
import type { AddressInfo, Socket as NetSocket } from 'node:net'
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { QUOTES_NAMESPACE, TICK_BATCH_MS } from '@kabu/shared/realtime'
import pino from 'pino'
import { Server } from 'socket.io'
import { createQuoteRelay } from '../../../gateway/src/cluster/quote-relay'
import { registerQuotesHub } from '../../../gateway/src/realtime/quotes.hub'
import { Histogram } from './histogram'
import { proxyMarket } from './proxy-market'
import { selfProfiler, type ProfileKind } from './profile'
import type { FromServer, Setup, ToServer } from './messages'
import { startRoomsHub } from './rooms-hub'
import { startAlertWatcher } from './alert-watcher'
import { SyntheticMarket } from './synthetic-market'
import { startWsReference } from './ws-reference'

const setup = process.argv[2] as Setup
const profileKind = process.env.FANOUT_PROFILE as ProfileKind | undefined
const profiler =
  profileKind &&
  selfProfiler(profileKind, process.env.FANOUT_PROFILE_DIR ?? '.', `${setup}-${process.pid}`)
const market = new SyntheticMarket()
const http = createServer()
const send = (message: FromServer) => process.send!(message)

// The one-message-per-frame rule checked where it is kept, at the server: the clients' receive
// times on 2 busy cores bunch messages that left 100 ms apart. The gaps also tell how late the
// server's own frames were (a tick waits out its phone's gap).
const lastSentAt = new WeakMap<object, number>()
let framesSent = 0
let framesTooSoon = 0
let gaps = new Histogram()
let relayLag = new Histogram()
function frameSent(client: object) {
  const now = performance.now()
  const last = lastSentAt.get(client)
  if (last !== undefined) {
    if (now - last < TICK_BATCH_MS - 2) framesTooSoon++
    gaps.add(now - last)
  }
  lastSentAt.set(client, now)
  framesSent++
}
// Pings, `status` and acks are short: a long write is a frame.
const LONG_MESSAGE = 200
const loopDelay = monitorEventLoopDelay({ resolution: 1 })
loopDelay.enable()

// Collections since the last `usage`, by kind: counts tell one build's allocation from another's
// however busy the machine is, where pause times swing with it.
let gc = { minor: 0, major: 0, pauseMs: 0 }
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.minor++
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++
    gc.pauseMs += entry.duration
  }
}).observe({ entryTypes: ['gc'] })

let stop: () => void | Promise<void>
// The `proxy` setup's feed: the synthetic market plays in its own process, through kabu STATION.
const proxy = setup === 'proxy' ? await proxyMarket(market, (ms) => relayLag.add(ms)) : undefined
// `hub+alerts`: the watcher's 100,000 alerts read before the socket listens, off the measured path.
const alerts = setup === 'hub+alerts' ? await startAlertWatcher(market) : undefined
if (alerts) console.log(`hub+alerts: the watcher holds ${alerts.held} active alerts`)
if (setup === 'ref') {
  stop = startWsReference(http, market, frameSent)
} else {
  // As app.ts builds it: connection state recovery on, which decides how emits are kept.
  const io = new Server(http, { connectionStateRecovery: {} })
  io.of(QUOTES_NAMESPACE).on('connection', (socket) => {
    // Counted where every setup's frames end, the phone's TCP socket: the hub writes its frames
    // there, room broadcasts reach it through engine.io and ws (header and payload, corked).
    const transport = socket.conn.transport as unknown as { socket: { _socket: NetSocket } }
    const tcp = transport.socket._socket
    const write = tcp.write.bind(tcp) as (chunk: Buffer | string, ...rest: unknown[]) => boolean
    tcp.write = ((chunk: Buffer | string, ...rest: unknown[]) => {
      if (chunk.length > LONG_MESSAGE) frameSent(socket)
      return write(chunk, ...rest)
    }) as typeof tcp.write
  })
  if (setup === 'hub' || alerts || proxy) {
    const hub = registerQuotesHub(io, proxy?.service ?? market.service())
    stop = async () => {
      hub.close()
      proxy?.stop()
      await alerts?.stop()
    }
  } else if (setup === 'relay-leader' || setup === 'relay-follower') {
    // As cluster/ wires a gateway: the leader publishes its market's batches once through Redis;
    // every gateway's hub is fed by the relay (argv: REDIS_URL, REDIS_PREFIX).
    const relay = createQuoteRelay({
      url: process.argv[3]!,
      prefix: process.argv[4]!,
      logger: pino({ level: 'warn' }),
    })
    await relay.start()
    const own = market.service()
    if (setup === 'relay-leader') own.onQuotes((quotes) => relay.send(1, quotes))
    relay.onQuotes((quotes) => {
      const now = Date.now()
      for (const q of quotes) relayLag.add(now - q.time)
    })
    const hub = registerQuotesHub(io, {
      ...own,
      snapshots: (codes: string[]) => own.snapshots(codes).map((q) => relay.quote(q.code) ?? q),
      onQuotes: (listener: Parameters<typeof own.onQuotes>[0]) => relay.onQuotes(listener),
    })
    stop = () => {
      hub.close()
      void relay.stop()
    }
  } else {
    stop = startRoomsHub(io, market)
  }
}

http.listen(0, '127.0.0.1', () => {
  send({ type: 'listening', port: (http.address() as AddressInfo).port })
})

process.on('message', async (message: ToServer) => {
  // A follower's market prints nothing (cluster/: only the leader's sources print); its phones are
  // fed by the relay alone, so its CPU is the hub's and the relay's, not a second market's.
  if (message.type === 'rate') {
    if (proxy) proxy.setRate(message.ticksPerSecond)
    else if (setup !== 'relay-follower') market.setRate(message.ticksPerSecond)
  } else if (message.type === 'usage') {
    // The measured seconds lie between two `usage`s.
    await profiler?.mark()
    if (message.settle) global.gc?.()
    const cpu = process.cpuUsage()
    send({
      type: 'usage',
      cpuMicros: cpu.user + cpu.system,
      rssBytes: process.memoryUsage.rss(),
      // Buffers waiting in sockets live outside the JS heap: counted too.
      heapBytes: process.memoryUsage().heapUsed + process.memoryUsage().external,
      // The proxy's: what it published of the feed's boards (the feed pushes registered codes only).
      produced: proxy?.published() ?? market.produced,
      framesSent,
      framesTooSoon,
      gaps: gaps.counts,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: loopDelay.max / 1e6,
      relayLag: relayLag.counts,
      alertsFired: alerts?.fired() ?? 0,
      gc,
    })
    gc = { minor: 0, major: 0, pauseMs: 0 }
    gaps = new Histogram()
    relayLag = new Histogram()
    loopDelay.reset()
  } else {
    market.stop()
    await stop()
    process.exit(0)
  }
})
