import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'

/*
 * A local kabu STATION API, for tests and for watching the proxy work without an account. Written
 * from kabu STATION's published documents, not from a capture: kabucom/kabusapi
 * reference/kabu_STATION_API.yaml (v1.5: `POST /token` with `APIPassword` → `{ResultCode, Token}`,
 * a new token voiding the old; `X-API-KEY` on every other call; `PUT /register`, `/unregister`
 * and `/unregister/all` with `{Symbols: [{Symbol, Exchange}]}` → `{RegistList}`; `GET
 * /board/{symbol}@{exchange}` → `BoardSuccess`, which also registers the code; information calls
 * about 10 a second), ptal/push.html (PUSH at `/kabusapi/websocket`, one board per message, for
 * registered codes only, at most 50) and ptal/error.html (4001009 key mismatch, 4001013 wrong
 * password, 4001006 too many calls, 4001018 the 50-code limit, 4002001 no such code). Its boards
 * follow `BoardSuccess`, reversed naming included: `BidPrice` is Sell1's price, `AskPrice` Buy1's.
 * Prices move by a random walk of this fixture's own (one yen, or half a yen under 3,000), not
 * by the exchange's tick table.
 */

export interface KabuFixtureOptions {
  port?: number
  password?: string
  /** Codes registered at once (kabu STATION: 50). */
  limit?: number
  /** Information calls a second before 429 (kabu STATION: about 10). */
  infoPerSecond?: number
  /** When set, every registered code gets a new board this often (a random walk). */
  playEveryMs?: number
  /**
   * Times to the millisecond (`…T09:00:00.123+09:00`, still ISO 8601) where kabu STATION says
   * seconds: the fan-out benchmark times each tick from its creation (tests/load/fanout.ts).
   */
  millisecondTimes?: boolean
}

interface CodeState {
  price: number
  prevClose: number
  volume: number
  time: number
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}
const refuse = (res: ServerResponse, status: number, code: number, message: string) =>
  json(res, status, { Code: code, Message: message })

/** A time as the board says it: ISO 8601 at +09:00, to the second (or the millisecond). */
function tokyoTime(ms: number, millisecond: boolean): string {
  const local = new Date(ms + 9 * 3_600_000).toISOString()
  return millisecond ? local.replace(/Z$/, '+09:00') : local.replace(/\.\d+Z$/, '+09:00')
}

export async function startKabuStationFixture(options: KabuFixtureOptions = {}) {
  const password = options.password ?? 'local'
  const limit = options.limit ?? 50
  const infoPerSecond = options.infoPerSecond ?? 10
  const registered = new Set<string>()
  const codes = new Map<string, CodeState>()
  const sockets = new Set<WebSocket>()
  const infoCalls: number[] = []
  let token = ''
  let tokens = 0
  let maxRegistered = 0
  const boardsAsked: string[] = []

  const stateOf = (code: string): CodeState => {
    let state = codes.get(code)
    if (!state) {
      // A price of its own per code, from the code's digits, so a newcomer sees them differ.
      const start = 500 + (Number.parseInt(code, 36) % 4_500)
      state = { price: start, prevClose: start, volume: 0, time: Date.now() }
      codes.set(code, state)
    }
    return state
  }

  function board(code: string): Record<string, unknown> {
    const s = stateOf(code)
    const step = s.price < 3_000 ? 0.5 : 1
    const level = (i: number, sign: 1 | -1) => ({
      Price: s.price + sign * step * i,
      Qty: 100 * ((i * 7 + s.volume) % 13) + 100,
    })
    const sells = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`Sell${i + 1}`, level(i + 1, 1)]),
    )
    const buys = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`Buy${i + 1}`, level(i, -1)]),
    )
    const change = s.price - s.prevClose
    return {
      Symbol: code,
      SymbolName: `Fixture ${code}`,
      Exchange: 1,
      ExchangeName: '東証プ',
      CurrentPrice: s.price,
      CurrentPriceTime: tokyoTime(s.time, options.millisecondTimes ?? false),
      CurrentPriceChangeStatus: change > 0 ? '0057' : change < 0 ? '0058' : '0056',
      PreviousClose: s.prevClose,
      ChangePreviousClose: change,
      ChangePreviousClosePer: Math.round((change / s.prevClose) * 10_000) / 100,
      TradingVolume: s.volume,
      TradingValue: s.volume * s.price,
      VWAP: s.price,
      // kabu STATION's reversed naming: Bid* is the best sell quote (Sell1), Ask* the best buy (Buy1).
      BidPrice: (sells.Sell1 as { Price: number }).Price,
      BidQty: (sells.Sell1 as { Qty: number }).Qty,
      ...sells,
      AskPrice: (buys.Buy1 as { Price: number }).Price,
      AskQty: (buys.Buy1 as { Qty: number }).Qty,
      ...buys,
    }
  }

  /** Sends a text to every PUSH socket. */
  const sendAll = (text: string) => {
    for (const socket of sockets) socket.send(text)
  }

  /** A trade of `code` (a new price, `quantity` more volume) pushed if registered. */
  function trade(code: string, price: number, quantity = 100, time = Date.now()): void {
    const s = stateOf(code)
    s.price = price
    s.volume += quantity
    s.time = time
    if (registered.has(code)) sendAll(JSON.stringify(board(code)))
  }

  function register(codesAsked: string[], res: ServerResponse): boolean {
    const after = new Set([...registered, ...codesAsked])
    if (after.size > limit) {
      refuse(res, 400, 4001018, '銘柄が登録できませんでした')
      return false
    }
    for (const code of codesAsked) registered.add(code)
    maxRegistered = Math.max(maxRegistered, registered.size)
    return true
  }

  const registList = () => ({
    RegistList: [...registered].map((Symbol) => ({ Symbol, Exchange: 1 })),
  })

  async function body(req: IncomingMessage): Promise<unknown> {
    let text = ''
    for await (const chunk of req) text += String(chunk)
    return text ? JSON.parse(text) : {}
  }
  const symbolsOf = (value: unknown): string[] | undefined => {
    const list = (value as { Symbols?: unknown }).Symbols
    if (!Array.isArray(list)) return undefined
    return list.map((item) => String((item as { Symbol?: unknown }).Symbol ?? ''))
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/kabusapi/, '')
    if (req.method === 'POST' && path === '/token') {
      const given = (await body(req)) as { APIPassword?: unknown }
      if (given.APIPassword !== password) return refuse(res, 401, 4001013, 'トークン取得失敗')
      token = `fixture-token-${++tokens}`
      return json(res, 200, { ResultCode: 0, Token: token })
    }
    if (!token || req.headers['x-api-key'] !== token)
      return refuse(res, 401, 4001009, 'APIキー不一致')
    if (req.method === 'PUT' && path === '/unregister/all') {
      registered.clear()
      return json(res, 200, registList())
    }
    if (req.method === 'PUT' && (path === '/register' || path === '/unregister')) {
      const asked = symbolsOf(await body(req))
      if (!asked) return refuse(res, 400, 4001011, 'リクエスト文字列不正')
      if (path === '/unregister') for (const code of asked) registered.delete(code)
      else if (!register(asked, res)) return
      return json(res, 200, registList())
    }
    const boardPath = /^\/board\/([0-9A-Z]{4,5})@1$/.exec(path)
    if (req.method === 'GET' && boardPath) {
      const now = Date.now()
      while (infoCalls.length > 0 && infoCalls[0]! <= now - 1_000) infoCalls.shift()
      if (infoCalls.length >= infoPerSecond) return refuse(res, 429, 4001006, 'API実行回数エラー')
      infoCalls.push(now)
      const code = boardPath[1]!
      // An information call registers the code it asks about (the yaml's tag `info`).
      if (!registered.has(code) && !register([code], res)) return
      boardsAsked.push(code)
      return json(res, 200, board(code))
    }
    if (/^\/board\//.test(path)) return refuse(res, 404, 4002001, '銘柄が見つからない')
    return refuse(res, 404, 404, 'Not Found')
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => refuse(res, 400, 4001011, 'リクエスト文字列不正'))
  })
  const wss = new WebSocketServer({ server, path: '/kabusapi/websocket' })
  wss.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    )
  const port = await listen(options.port ?? 0)

  let player: NodeJS.Timeout | undefined
  const play = () => {
    for (const code of registered) {
      const s = stateOf(code)
      const step = s.price < 3_000 ? 0.5 : 1
      trade(code, Math.max(step, s.price + step * Math.round((Math.random() - 0.5) * 4)))
    }
  }
  if (options.playEveryMs) player = setInterval(play, options.playEveryMs)

  return {
    url: `http://127.0.0.1:${port}/kabusapi`,
    port,
    trade,
    /** Sends a board of `code` as it stands (a repeat of the last, for the dedupe). */
    pushBoard: (code: string) => sendAll(JSON.stringify(board(code))),
    /** Sends any text on the PUSH sockets (a malformed message). */
    pushRaw: sendAll,
    /** A board of `code` as it stands, to be changed and sent with pushRaw (a late one). */
    board,
    registered: () => [...registered].sort(),
    maxRegistered: () => maxRegistered,
    boardsAsked: () => [...boardsAsked],
    tokensIssued: () => tokens,
    sockets: () => sockets.size,
    /** Ends every socket and stops listening: the feed is gone (registrations with it). */
    async kill(): Promise<void> {
      for (const socket of sockets) socket.terminate()
      registered.clear()
      token = ''
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
    /** Listens again on the same port. */
    async restart(): Promise<void> {
      await listen(port)
    },
    async close(): Promise<void> {
      if (player) clearInterval(player)
      for (const socket of sockets) socket.terminate()
      wss.close()
      server.closeAllConnections()
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type KabuStationFixture = Awaited<ReturnType<typeof startKabuStationFixture>>
