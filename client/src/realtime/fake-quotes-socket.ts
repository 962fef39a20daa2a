import type { FeedStatus, Quote } from '@kabu/shared/market/types'
import type { SubscribeAck } from '@kabu/shared/realtime'
import type { QuotesSocket, QuotesSocketEvents } from './quotes-socket'

type Sent =
  | { event: 'subscribe'; codes: string[]; ack: (res: SubscribeAck) => void }
  | { event: 'unsubscribe'; codes: string[] }

/**
 * An in-memory stand-in for the `/quotes` socket: the test plays the server (connects, answers
 * subscribes, pushes ticks) and reads what the client sent. Only for tests.
 */
export function createFakeQuotesSocket() {
  const listeners = new Map<keyof QuotesSocketEvents, Array<(...args: never[]) => void>>()
  const sent: Sent[] = []
  let connected = false
  let connectCalls = 0

  const fire = <E extends keyof QuotesSocketEvents>(
    event: E,
    ...args: Parameters<QuotesSocketEvents[E]>
  ) => {
    for (const listener of listeners.get(event) ?? []) {
      ;(listener as (...a: Parameters<QuotesSocketEvents[E]>) => void)(...args)
    }
  }

  const socket: QuotesSocket = {
    get connected() {
      return connected
    },
    on(event, listener) {
      const list = listeners.get(event) ?? []
      list.push(listener as (...args: never[]) => void)
      listeners.set(event, list)
    },
    emit(event, ...args) {
      if (event === 'subscribe') {
        const [codes, ack] = args as [string[], (res: SubscribeAck) => void]
        sent.push({ event, codes, ack })
      } else {
        sent.push({ event: 'unsubscribe', codes: args[0] as string[] })
      }
    },
    connect() {
      connectCalls += 1
    },
    close() {
      connected = false
    },
  }

  return {
    socket,
    sent,
    get connectCalls() {
      return connectCalls
    },
    /** What the client sent of one kind, oldest first. */
    messages: (event: Sent['event']) => sent.filter((m) => m.event === event).map((m) => m.codes),
    lastSubscribe(): Extract<Sent, { event: 'subscribe' }> {
      const last = sent.filter((m) => m.event === 'subscribe').at(-1)
      if (!last || last.event !== 'subscribe') throw new Error('no subscribe sent')
      return last
    },
    serverConnect() {
      connected = true
      fire('connect')
    },
    serverDisconnect(reason = 'transport close') {
      connected = false
      fire('disconnect', reason)
    },
    ticks: (quotes: Quote[]) => fire('ticks', quotes),
    status: (state: 'live' | 'stale' | 'closed', simulated = true) =>
      fire('status', { state, source: 'simulator', simulated, lag: 0 }),
    /** A whole status, for what the shorthand above leaves out (stale codes, real sources). */
    feedStatus: (status: FeedStatus) => fire('status', status),
  }
}

/** A plausible quote for tests; only code and seq usually matter. */
export function testQuote(code: string, seq: number, price = 1000): Quote {
  return {
    code,
    market: 'jp',
    kind: 'stock',
    name: { ja: code, zh: code, en: code },
    price,
    prevClose: 1000,
    open: 1000,
    high: Math.max(price, 1000),
    low: Math.min(price, 1000),
    volume: seq * 100,
    turnover: seq * 100 * price,
    change: price - 1000,
    changePct: (price - 1000) / 10,
    marketCap: price * 1_000_000,
    limitUp: 1300,
    limitDown: 700,
    time: 1_760_000_000_000 + seq * 1000,
    seq,
    trading: true,
  }
}
