/**
 * Quote fan-out benchmark: one gateway-like process (simulator around the clock, socket.io, the
 * /quotes hub) on a loopback port, N socket.io clients each subscribed to 20 codes. Prints what was
 * delivered and how late; it never asserts timings (2 shared cores make them noisy).
 *
 *   npx tsx tests/load/quotes-fanout.ts [clients=200] [seconds=10] [codesPerClient=20]
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LISTINGS } from '@kabu/shared/market/listings/index'
import type { Quote } from '@kabu/shared/market/types'
import type { QuotesClientToServer, QuotesServerToClient } from '@kabu/shared/realtime'
import pino from 'pino'
import { Server } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { createMarket } from '../../gateway/src/market/index'
import { registerQuotesHub } from '../../gateway/src/realtime/quotes.hub'

const bounded = (value: string | undefined, fallback: number, max: number) =>
  Math.min(max, Math.max(1, Number.parseInt(value ?? '', 10) || fallback))
const CLIENTS = bounded(process.argv[2], 200, 1_000)
const SECONDS = bounded(process.argv[3], 10, 60)
const CODES_PER_CLIENT = bounded(process.argv[4], 20, 200)

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN

async function main() {
  const market = createMarket({
    clock: { now: Date.now },
    seed: 1,
    marketHours: 'always',
    logger: pino({ level: 'warn' }),
  })
  market.start()
  const http = createServer()
  const io = new Server(http)
  const hub = registerQuotesHub(io, market)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/quotes`

  const codes = LISTINGS.map((l) => l.code)
  let messages = 0
  let quotes = 0
  const lags: number[] = []
  const sockets: Socket<QuotesServerToClient, QuotesClientToServer>[] = []
  const connecting = Date.now()
  for (let i = 0; i < CLIENTS; i++) {
    const socket: Socket<QuotesServerToClient, QuotesClientToServer> = connect(url, {
      transports: ['websocket'],
      forceNew: true,
    })
    sockets.push(socket)
    socket.on('ticks', (batch: Quote[]) => {
      const now = Date.now()
      messages++
      quotes += batch.length
      for (const quote of batch) lags.push(now - quote.time)
    })
    const wanted = Array.from(
      { length: Math.min(CODES_PER_CLIENT, codes.length) },
      (_, k) => codes[(i * 7 + k) % codes.length]!,
    )
    await new Promise<void>((resolve) => socket.emit('subscribe', wanted, () => resolve()))
  }
  console.log(`${CLIENTS} clients connected and subscribed in ${Date.now() - connecting} ms`)

  messages = 0
  quotes = 0
  lags.length = 0
  const started = Date.now()
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1_000))
  const elapsed = (Date.now() - started) / 1_000
  lags.sort((a, b) => a - b)

  console.table({
    clients: CLIENTS,
    'codes per client': CODES_PER_CLIENT,
    seconds: Number(elapsed.toFixed(1)),
    'ticks messages/s': Math.round(messages / elapsed),
    'quotes delivered/s': Math.round(quotes / elapsed),
    'lag p50 ms (print → client)': percentile(lags, 50),
    'lag p99 ms': percentile(lags, 99),
    'lag max ms': lags[lags.length - 1] ?? NaN,
  })
  console.log('lag counts the simulator step (250 ms) and the conflation window (100 ms)')

  for (const socket of sockets) socket.disconnect()
  hub.close()
  market.stop()
  await io.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
