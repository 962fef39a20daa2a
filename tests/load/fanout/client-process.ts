/**
 * Many phones in one process: raw `ws` for the reference, the socket.io protocol over `ws` (or
 * socket.io-client) for the gateway setups. Every phone counts its messages, ticks and spacing;
 * a sample of them also parses each frame for lag and order. The parent asks for reports over IPC.
 */
import type { Socket as NetSocket } from 'node:net'
import type { Quote } from '@kabu/shared/market/types'
import { QUOTES_NAMESPACE, TICK_BATCH_MS } from '@kabu/shared/realtime'
import { io as connect, type Socket } from 'socket.io-client'
import { WebSocket } from 'ws'
import { Histogram } from './histogram'
import type { ClientReport, FromClients, Setup, ToClients } from './messages'

// The hub's own slack (timers measure 99.x ms): closer than this is a second message in a frame.
const MIN_GAP_MS = TICK_BATCH_MS - 2

class Phone {
  paused = false
  constructor(
    /** Parses and measures what it gets; the others only count it (see `counted`). */
    readonly sampled: boolean,
  ) {}
  lastSeq = new Map<string, number>()
  lastAt = 0
  stopReading: () => void = () => {}
  close: () => void = () => {}
}

let stats = fresh()
function fresh() {
  return {
    messages: 0,
    ticks: 0,
    lag: new Histogram(),
    late: new Histogram(),
    olderAfterNewer: 0,
    tooSoon: 0,
  }
}

function arrived(phone: Phone): boolean {
  if (phone.paused) return false
  const at = performance.now()
  stats.messages++
  if (phone.lastAt && at - phone.lastAt < MIN_GAP_MS) stats.tooSoon++
  phone.lastAt = at
  return true
}

const SEQ_FIELD = Buffer.from('"seq":')

/**
 * An unsampled phone reads the frame and counts its ticks without parsing it: JSON.parse of every
 * frame for 2,000 phones would take more of the 2 shared cores than the servers being measured.
 */
function counted(phone: Phone, frame: Buffer): void {
  if (!arrived(phone)) return
  for (let at = frame.indexOf(SEQ_FIELD); at !== -1; at = frame.indexOf(SEQ_FIELD, at + 6)) {
    stats.ticks++
  }
}

function receive(phone: Phone, quotes: Quote[]): void {
  if (!arrived(phone)) return
  const now = Date.now()
  let newest = 0
  for (const quote of quotes) {
    stats.ticks++
    stats.lag.add(now - quote.time)
    newest = Math.max(newest, quote.time)
    const last = phone.lastSeq.get(quote.code) ?? -1
    if (quote.seq < last) stats.olderAfterNewer++
    else phone.lastSeq.set(quote.code, quote.seq)
  }
  if (quotes.length) stats.late.add(now - newest)
}

function socketIoPhone(port: number, codes: string[]): Promise<Phone> {
  const phone = new Phone(true)
  const socket: Socket = connect(`http://127.0.0.1:${port}${QUOTES_NAMESPACE}`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  })
  socket.on('ticks', (quotes: Quote[]) => receive(phone, quotes))
  phone.close = () => socket.disconnect()
  // Reaching under the client to stop reading the TCP socket, as a stalled phone does.
  phone.stopReading = () => {
    const transport = socket.io.engine.transport as unknown as { ws: { _socket: NetSocket } }
    transport.ws._socket.pause()
  }
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject)
    socket.once('connect', () => {
      socket.emit('subscribe', codes, () => resolve(phone))
    })
  })
}

const TICKS_PREFIX = `42${QUOTES_NAMESPACE},`

/**
 * A phone speaking the socket.io wire protocol (engine.io v4, socket.io v5) straight over `ws`,
 * so the gateway's clients cost this machine's 2 shared cores no more than the reference's do:
 * the figures then measure the servers, not the client libraries.
 */
const TICKS_FRAME = Buffer.from(`${TICKS_PREFIX}["ticks",`)

function leanSocketIoPhone(port: number, codes: string[], sampled: boolean): Promise<Phone> {
  const phone = new Phone(sampled)
  const socket = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`)
  phone.close = () => socket.close()
  phone.stopReading = () => (socket as unknown as { _socket: NetSocket })._socket.pause()
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.on('message', (data: Buffer) => {
      if (!sampled && data.subarray(0, TICKS_FRAME.length).equals(TICKS_FRAME)) {
        return counted(phone, data)
      }
      const text = String(data)
      if (text.startsWith(TICKS_PREFIX)) {
        const [event, payload] = JSON.parse(text.slice(TICKS_PREFIX.length)) as [string, Quote[]]
        if (event === 'ticks') receive(phone, payload)
      } else if (text === '2') socket.send('3')
      else if (text.startsWith('0')) socket.send(`40${QUOTES_NAMESPACE},`)
      else if (text.startsWith(`40${QUOTES_NAMESPACE},`)) {
        socket.send(`42${QUOTES_NAMESPACE},1${JSON.stringify(['subscribe', codes])}`)
      } else if (text.startsWith(`43${QUOTES_NAMESPACE},1`)) resolve(phone)
    })
  })
}

function wsPhone(port: number, codes: string[], sampled: boolean): Promise<Phone> {
  const phone = new Phone(sampled)
  const socket = new WebSocket(`ws://127.0.0.1:${port}`)
  phone.close = () => socket.close()
  phone.stopReading = () => (socket as unknown as { _socket: NetSocket })._socket.pause()
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.once('open', () => socket.send(JSON.stringify(codes)))
    socket.on('message', (data: Buffer) => {
      if (!sampled && data[0] === 0x5b) return counted(phone, data) // '[': a ticks array
      const message = JSON.parse(String(data)) as Quote[] | { subscribed: number }
      if (Array.isArray(message)) receive(phone, message)
      else resolve(phone)
    })
  })
}

let phones: Phone[] = []
const send = (message: FromClients) => process.send!(message)

async function connectAll(
  setup: Setup,
  port: number,
  watchlists: string[][],
  socketIoClient: boolean,
  sampleEvery: number,
) {
  const started = performance.now()
  const open = (codes: string[], sampled: boolean) =>
    setup === 'ref'
      ? wsPhone(port, codes, sampled)
      : socketIoClient
        ? socketIoPhone(port, codes)
        : leanSocketIoPhone(port, codes, sampled)
  // A few at a time: a burst of thousands of handshakes measures the accept queue, not fan-out.
  for (let i = 0; i < watchlists.length; i += 25) {
    const batch = watchlists.slice(i, i + 25).map((w, k) => open(w, (i + k) % sampleEvery === 0))
    phones.push(...(await Promise.all(batch)))
  }
  send({ type: 'connected', clients: phones.length, ms: Math.round(performance.now() - started) })
}

function report(): ClientReport {
  return {
    clients: phones.filter((p) => !p.paused).length,
    messages: stats.messages,
    ticks: stats.ticks,
    lag: stats.lag.counts,
    late: stats.late.counts,
    olderAfterNewer: stats.olderAfterNewer,
    tooSoon: stats.tooSoon,
  }
}

process.on('message', (message: ToClients) => {
  switch (message.type) {
    case 'connect':
      connectAll(
        message.setup,
        message.port,
        message.watchlists,
        message.socketIoClient,
        message.sampleEvery,
      ).catch((error: unknown) => {
        console.error('clients could not connect', error)
        process.exit(1)
      })
      break
    case 'reset':
      stats = fresh()
      for (const phone of phones) phone.lastAt = 0
      break
    case 'report':
      send({ type: 'report', report: report() })
      break
    case 'pause':
      // From the end: the sampled phones (every nth from the first) stay mostly measured.
      for (const phone of phones.slice(phones.length - message.count)) {
        phone.paused = true
        phone.stopReading()
      }
      break
    case 'stop':
      for (const phone of phones) phone.close()
      phones = []
      process.exit(0)
  }
})
