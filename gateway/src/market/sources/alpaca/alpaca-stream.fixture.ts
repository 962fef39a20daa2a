import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'

/*
 * A local Alpaca market data stream (v2 stocks), for tests and for watching the proxy work without
 * an account. Written from Alpaca's published documents, not from a capture: docs.alpaca.markets
 * "WebSocket Stream" (`[{"T":"success","msg":"connected"}]` on connecting; `{"action":"auth",
 * "key","secret"}` → `authenticated`, or error 402 `auth failed`; 401 `not authenticated` before
 * it, 403 `already authenticated`; `{"action":"subscribe"|"unsubscribe","trades":[…],"quotes":[…]}`
 * → `[{"T":"subscription","trades","quotes","bars",…}]` listing everything subscribed; 400
 * `invalid syntax`; 405 `symbol limit exceeded`; 406 `connection limit exceeded` for a second
 * connection; control messages alone in their array) and "Real-time Stock Data" (trades `{"T":"t",
 * "S","i","x","p","s","c","t","z"}`, quotes `{"T":"q","S","bx","bp","bs","ax","ap","as","c","t",
 * "z"}`, t in RFC 3339 with nanoseconds). Prices move by this fixture's own random walk.
 */

export interface AlpacaFixtureOptions {
  port?: number
  key?: string
  secret?: string
  /** Symbols subscribed at once (the free plan: 30). */
  limit?: number
  /** When set, every subscribed symbol trades and quotes this often (a random walk). */
  playEveryMs?: number
}

interface Client {
  socket: WebSocket
  authenticated: boolean
}

/** RFC 3339 with nanoseconds, as the stream says its times. */
const nanoTime = (ms: number, nanos = 0) =>
  new Date(ms).toISOString().replace(/Z$/, `${String(nanos).padStart(6, '0')}Z`)

export async function startAlpacaFixture(options: AlpacaFixtureOptions = {}) {
  const key = options.key ?? 'local'
  const secret = options.secret ?? 'local'
  const limit = options.limit ?? 30
  const trades = new Set<string>()
  const quotes = new Set<string>()
  const prices = new Map<string, number>()
  const clients = new Set<Client>()
  let tradeId = 0
  let maxSubscribed = 0

  const server = createServer((_req, res) => res.writeHead(404).end())
  const wss = new WebSocketServer({ server })
  const send = (socket: WebSocket, messages: object[]) => socket.send(JSON.stringify(messages))
  const error = (socket: WebSocket, code: number, msg: string) =>
    send(socket, [{ T: 'error', code, msg }])
  const subscription = () => ({
    T: 'subscription',
    trades: [...trades].sort(),
    quotes: [...quotes].sort(),
    bars: [],
    updatedBars: [],
    dailyBars: [],
    statuses: [],
    lulds: [],
    corrections: [...trades].sort(),
    cancelErrors: [...trades].sort(),
  })
  const listOf = (value: unknown) =>
    Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : []

  function onMessage(client: Client, text: string): void {
    let message: Record<string, unknown>
    try {
      message = JSON.parse(text) as Record<string, unknown>
    } catch {
      return error(client.socket, 400, 'invalid syntax')
    }
    if (message.action === 'auth') {
      if (client.authenticated) return error(client.socket, 403, 'already authenticated')
      if (message.key !== key || message.secret !== secret) {
        error(client.socket, 402, 'auth failed')
        return void client.socket.close()
      }
      client.authenticated = true
      return send(client.socket, [{ T: 'success', msg: 'authenticated' }])
    }
    if (message.action !== 'subscribe' && message.action !== 'unsubscribe') {
      return error(client.socket, 400, 'invalid syntax')
    }
    if (!client.authenticated) return error(client.socket, 401, 'not authenticated')
    const t = listOf(message.trades)
    const q = listOf(message.quotes)
    if (message.action === 'subscribe') {
      const symbols = new Set([...trades, ...quotes, ...t, ...q])
      if (symbols.size > limit) return error(client.socket, 405, 'symbol limit exceeded')
      t.forEach((s) => trades.add(s))
      q.forEach((s) => quotes.add(s))
      maxSubscribed = Math.max(maxSubscribed, symbols.size)
    } else {
      t.forEach((s) => trades.delete(s))
      q.forEach((s) => quotes.delete(s))
    }
    send(client.socket, [subscription()])
  }

  wss.on('connection', (socket) => {
    const client: Client = { socket, authenticated: false }
    if (clients.size > 0) {
      error(socket, 406, 'connection limit exceeded')
      return void socket.close()
    }
    clients.add(client)
    // A new connection starts with nothing subscribed.
    trades.clear()
    quotes.clear()
    socket.on('message', (data) => onMessage(client, String(data)))
    socket.on('close', () => clients.delete(client))
    send(socket, [{ T: 'success', msg: 'connected' }])
  })

  const sendData = (symbol: string, channel: Set<string>, message: object) => {
    if (!channel.has(symbol)) return
    for (const client of clients) if (client.authenticated) send(client.socket, [message])
  }

  /** A trade of `symbol`, sent if subscribed; returns its id. */
  function trade(symbol: string, price: number, size = 100, time = Date.now(), id = ++tradeId) {
    prices.set(symbol, price)
    const message = {
      T: 't',
      S: symbol,
      i: id,
      x: 'V',
      p: price,
      s: size,
      c: ['@'],
      t: nanoTime(time),
      z: 'C',
    }
    sendData(symbol, trades, message)
    return id
  }

  /** A quote of `symbol` (best bid and ask with sizes), sent if subscribed. */
  function quote(
    symbol: string,
    bid: number,
    bidSize: number,
    ask: number,
    askSize: number,
    time = Date.now(),
  ) {
    const message = {
      T: 'q',
      S: symbol,
      bx: 'V',
      bp: bid,
      bs: bidSize,
      ax: 'V',
      ap: ask,
      as: askSize,
      c: ['R'],
      t: nanoTime(time),
      z: 'C',
    }
    sendData(symbol, quotes, message)
  }

  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    )
  const port = await listen(options.port ?? 0)
  let player: NodeJS.Timeout | undefined
  if (options.playEveryMs) {
    player = setInterval(() => {
      for (const symbol of trades) {
        const price = Math.max(
          1,
          (prices.get(symbol) ?? 100) + Math.round((Math.random() - 0.5) * 10) / 100,
        )
        trade(symbol, Math.round(price * 100) / 100)
        quote(
          symbol,
          Math.round((price - 0.01) * 100) / 100,
          3,
          Math.round((price + 0.01) * 100) / 100,
          2,
        )
      }
    }, options.playEveryMs)
  }

  return {
    url: `ws://127.0.0.1:${port}/v2/iex`,
    trade,
    quote,
    /** Sends any text to every authenticated client (a malformed message, a repeat). */
    sendRaw(text: string) {
      for (const client of clients) if (client.authenticated) client.socket.send(text)
    },
    subscribed: () => [...trades].sort(),
    maxSubscribed: () => maxSubscribed,
    connections: () => clients.size,
    /** Ends every socket and stops listening. */
    async kill(): Promise<void> {
      for (const client of clients) client.socket.terminate()
      // Subscriptions belong to a connection: they go with it.
      trades.clear()
      quotes.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
    async restart(): Promise<void> {
      await listen(port)
    },
    async close(): Promise<void> {
      if (player) clearInterval(player)
      for (const client of clients) client.socket.terminate()
      wss.close()
      server.closeAllConnections()
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type AlpacaFixture = Awaited<ReturnType<typeof startAlpacaFixture>>
