import { z } from 'zod'
import { openFeedSocket } from '../feed-socket'
import type { FeedEvents, FeedSession, StreamFeed } from '../stream-feed'
import type { KabuStationSettings } from '../stream-settings'
import { kabuBoardSchema, boardUpdate, parseBoard } from './kabu-board'

/** 東証: the exchange every code is registered on. */
const TSE = 1
const REQUEST_TIMEOUT_MS = 5_000

const tokenAnswer = z.object({ ResultCode: z.number(), Token: z.string().min(1) })
const errorAnswer = z.object({ Code: z.number(), Message: z.string() }).partial()

/** A refused call, with kabu STATION's code (4001018: the 50-code registration limit, …). */
export class KabuError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(`kabu STATION answered ${status}${code ? ` ${code}` : ''}: ${message}`)
  }
}

/**
 * QUOTE_SOURCE=kabustation:<base URL>: au Kabucom's kabu STATION API (MARKET-RULES §11; kabucom/
 * kabusapi reference/kabu_STATION_API.yaml). A session is a token (`POST /token` with the API
 * password; a new one voids the old) and the PUSH WebSocket at `<base>/websocket`; codes are pushed
 * once registered (`PUT /register`, `PUT /unregister`), 50 at most, REST boards included: the
 * documentation says a code asked for by an information call is registered by it. So a code past
 * the limit is read with `GET /board` and unregistered at once, in the one slot kept for that.
 */
export function kabuStationFeed(settings: KabuStationSettings): StreamFeed {
  const base = settings.url
  const socketUrl = `${base.replace(/^http/, 'ws')}/websocket`

  async function call(path: string, init: RequestInit, token?: string): Promise<unknown> {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(token && { 'X-API-KEY': token }),
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const error = errorAnswer.safeParse(body)
      const detail = error.success ? error.data : {}
      throw new KabuError(response.status, detail.Code, detail.Message ?? response.statusText)
    }
    return body
  }

  const symbols = (codes: readonly string[]) =>
    JSON.stringify({ Symbols: codes.map((Symbol) => ({ Symbol, Exchange: TSE })) })

  async function connect(events: FeedEvents): Promise<FeedSession> {
    const issued = tokenAnswer.safeParse(
      await call('/token', {
        method: 'POST',
        body: JSON.stringify({ APIPassword: settings.password }),
      }),
    )
    if (!issued.success || issued.data.ResultCode !== 0) throw new Error('kabu STATION: no token')
    const token = issued.data.Token
    const socket = await openFeedSocket({
      url: socketUrl,
      pingEveryMs: Math.max(100, Math.floor(settings.staleAfterMs / 3)),
      timeoutMs: REQUEST_TIMEOUT_MS,
      onAlive: events.alive,
      onClose: events.closed,
      onText(text) {
        const update = parseBoard(text)
        if (typeof update === 'string') events.malformed(`${update}: ${text}`)
        else events.updates([update])
      },
    })
    const registered = new Set<string>()
    try {
      // What an earlier session (or a REST board) left registered would count against the limit.
      await call('/unregister/all', { method: 'PUT' }, token)
    } catch (error) {
      socket.terminate()
      throw error
    }
    return {
      async subscribe(codes) {
        await call('/register', { method: 'PUT', body: symbols(codes) }, token)
        for (const code of codes) registered.add(code)
      },
      async unsubscribe(codes) {
        await call('/unregister', { method: 'PUT', body: symbols(codes) }, token)
        for (const code of codes) registered.delete(code)
      },
      async snapshot(code) {
        const text = JSON.stringify(await call(`/board/${code}@${TSE}`, { method: 'GET' }, token))
        // The board registered the code: let it go again, unless it is pushed anyway.
        if (!registered.has(code))
          await call('/unregister', { method: 'PUT', body: symbols([code]) }, token)
        const board = kabuBoardSchema.safeParse(JSON.parse(text))
        if (!board.success) throw new Error(`kabu STATION: a board of ${code} that does not parse`)
        return boardUpdate(board.data, text)
      },
      close() {
        socket.terminate()
      },
    }
  }

  return {
    kind: 'kabustation',
    label: new URL(base).host,
    owns: (listing) => listing.market === 'jp' && listing.kind === 'stock',
    symbolLimit: settings.symbolLimit,
    snapshotSlots: 1,
    // Two information calls a board (the board, its unregistering).
    snapshotEveryMs: Math.ceil(2_000 / settings.restPerSecond),
    connect,
  }
}
