import type { FeedStatus, Quote } from '@kabu/shared/market/types'
import { keepQuoteBytes } from '../market/quote-bytes'
import type { FeedBook } from '../market/sources/index'

/*
 * One message of the relay's channel: a line of JSON with the publishing leader's term (and the
 * market's status, if it says it, and the boards a streaming feed sent since the batch before, by
 * code: a follower's phones see the feed's depth too), then one line of JSON per quote. JSON.stringify writes a line
 * feed inside a string as `\n`, so a line feed only ever ends a line. A gateway that hears the batch
 * keeps each quote's line as its bytes (market/quote-bytes.ts), to send to its phones as they are.
 */
export interface BatchHead {
  term: number
  status?: FeedStatus
  books?: Record<string, FeedBook>
}
const LINE_FEED = '\n'
const LINE_FEED_BYTE = 0x0a

/**
 * The channel's name carries its messages' format (v2: lines): a gateway of the version before (a
 * JSON object a batch on `<prefix>:ticks`) hears nothing it cannot read, and turns stale until it
 * is replaced, as with a silent leader.
 */
export const batchChannel = (prefix: string) => `${prefix}:ticks:v2`

/** The message of a batch: its head, then `quotes`, each already encoded by JSON.stringify. */
export function encodeBatch(head: BatchHead, quotes: readonly string[]): string {
  return [JSON.stringify(head), ...quotes].join(LINE_FEED)
}

/** A board of each code as a hash's fields (the relay's `books`: the last board sent of each). */
export const booksFields = (books: Record<string, FeedBook>): Record<string, string> =>
  Object.fromEntries(Object.entries(books).map(([code, book]) => [code, JSON.stringify(book)]))

/** A message's head, and where its quotes' lines start. Throws on a head that is not JSON. */
export function readBatchHead(message: Buffer): { head: BatchHead; quotesFrom: number } {
  const end = lineEnd(message, 0)
  return { head: JSON.parse(message.toString('utf8', 0, end)) as BatchHead, quotesFrom: end + 1 }
}

/**
 * The quotes of a message's lines from `from` on, each keeping its line's bytes. They are copied:
 * the message's buffer may be a slice of the Redis client's read buffer, which a held quote would
 * keep. Throws on a line that is not JSON.
 */
export function readBatchQuotes(message: Buffer, from: number): Quote[] {
  const quotes: Quote[] = []
  for (let start = from; start < message.length;) {
    const end = lineEnd(message, start)
    const line = message.subarray(start, end)
    const quote = JSON.parse(line.toString('utf8')) as Quote
    keepQuoteBytes(quote, Buffer.from(line))
    quotes.push(quote)
    start = end + 1
  }
  return quotes
}

/** Where the line that starts at `from` ends (the message's end for its last line). */
function lineEnd(message: Buffer, from: number): number {
  const end = message.indexOf(LINE_FEED_BYTE, from)
  return end === -1 ? message.length : end
}
