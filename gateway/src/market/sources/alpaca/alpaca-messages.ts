import { z } from 'zod'
import type { FeedUpdate } from '../stream-feed'

/*
 * Alpaca's market data stream, v2 stocks (docs.alpaca.markets "WebSocket Stream" and "Real-time
 * Stock Data"; MARKET-RULES §11). Every server message is a JSON array of objects told apart by
 * `T`: control messages `success` (`connected`, `authenticated`), `error` (`code`, `msg`: 402 auth
 * failed, 405 symbol limit exceeded, 406 connection limit exceeded, …) and `subscription` (the
 * whole list subscribed now), each alone in its array; data messages, possibly several to an
 * array: trades `t` (S symbol, i trade id, p price, s size, t RFC 3339 time with nanoseconds) and
 * quotes `q` (bp/bs best bid and size, ap/as best ask and size, t). Fields we do not read pass.
 */

const time = z.string().min(1)
const trade = z
  .object({
    T: z.literal('t'),
    S: z.string().min(1),
    i: z.number(),
    p: z.number().positive(),
    s: z.number().nonnegative(),
    t: time,
  })
  .passthrough()
const quote = z
  .object({
    T: z.literal('q'),
    S: z.string().min(1),
    bp: z.number().nonnegative(),
    bs: z.number().nonnegative(),
    ap: z.number().nonnegative(),
    as: z.number().nonnegative(),
    t: time,
  })
  .passthrough()
const success = z.object({ T: z.literal('success'), msg: z.string() }).passthrough()
const failure = z.object({ T: z.literal('error'), code: z.number(), msg: z.string() }).passthrough()
const subscription = z
  .object({ T: z.literal('subscription'), trades: z.array(z.string()).optional() })
  .passthrough()

const message = z.discriminatedUnion('T', [trade, quote, success, failure, subscription])
export type AlpacaMessage = z.infer<typeof message>
export type AlpacaControl = Extract<AlpacaMessage, { T: 'success' | 'error' | 'subscription' }>

/**
 * An RFC 3339 time as [epoch ms, the nanoseconds below the millisecond], so two trades in one
 * millisecond still order; NaN when it does not parse.
 */
export function alpacaTime(text: string): [number, number] {
  const fraction = /\.(\d+)/.exec(text)?.[1] ?? ''
  const digits = fraction.padEnd(9, '0')
  const ms = Date.parse(text.replace(/\.\d+/, `.${digits.slice(0, 3)}`))
  return [ms, Number(digits.slice(3, 9))]
}

/** One data message as a feed update; undefined for a control message. */
export function alpacaUpdate(m: AlpacaMessage): FeedUpdate | undefined {
  if (m.T === 't') {
    const order = alpacaTime(m.t)
    return {
      code: m.S,
      channel: 'trades',
      order,
      key: String(m.i),
      eachKeyAPrint: true,
      tick: { code: m.S, price: m.p, quantity: m.s, time: order[0] },
    }
  }
  if (m.T === 'q') {
    return {
      code: m.S,
      channel: 'quotes',
      order: alpacaTime(m.t),
      key: `${m.t} ${m.bp} ${m.bs} ${m.ap} ${m.as}`,
      book: {
        bids: m.bp > 0 ? [{ price: m.bp, size: m.bs }] : [],
        asks: m.ap > 0 ? [{ price: m.ap, size: m.as }] : [],
      },
    }
  }
  return undefined
}

/**
 * A frame's messages, each parsed on its own: one malformed message is reported and skipped, the
 * rest of its array still counts. `problems` names what did not parse.
 */
export function parseAlpacaFrame(text: string): { messages: AlpacaMessage[]; problems: string[] } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { messages: [], problems: ['not JSON'] }
  }
  if (!Array.isArray(json)) return { messages: [], problems: ['not an array'] }
  const messages: AlpacaMessage[] = []
  const problems: string[] = []
  for (const item of json) {
    const parsed = message.safeParse(item)
    if (parsed.success) {
      const bad =
        (parsed.data.T === 't' || parsed.data.T === 'q') &&
        !Number.isFinite(alpacaTime(parsed.data.t)[0])
      if (bad) problems.push(`time: ${JSON.stringify(item).slice(0, 120)}`)
      else messages.push(parsed.data)
    } else
      problems.push(
        `${parsed.error.issues[0]?.path.join('.') ?? '?'}: ${JSON.stringify(item).slice(0, 120)}`,
      )
  }
  return { messages, problems }
}
