import { addDays } from '@kabu/shared/market/iso-date'
import { localDate } from '@kabu/shared/market/time-zone'
import type { Bar, FeedStatus, Quote } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import { createClient } from 'redis'
import type { KeptDay } from '../market/index'
import type { FeedBook } from '../market/sources/index'
import {
  batchChannel,
  type BatchHead,
  booksFields,
  encodeBatch,
  readBatchHead,
  readBatchQuotes,
} from './relay-batch'

/** Without a batch (or the leader's heartbeat) for this long, the relayed quotes are stale. */
export const RELAY_SILENT_MS = 3_000
/** The leader says it is alive this often when its market prints nothing (closed sessions). */
export const HEARTBEAT_MS = 1_000
/**
 * A kept day lives this long after the leader last wrote to it: the last trading day's minutes
 * stay there over the longest closure of the three exchanges (Shanghai's Spring Festival and
 * National Day weeks: 9–11 calendar days from the last trading day to the next, with their
 * weekends), and a key is one code's one day, so they stay bounded.
 */
export const KEPT_DAY_SECONDS = 14 * 24 * 60 * 60
/** The calendar days back from a quote's own day whose kept minutes may still live. */
const KEPT_DAYS_BACK = KEPT_DAY_SECONDS / 86_400

/**
 * The leader's batches on their way to Redis at once. Sent without waiting for the one before
 * (one connection keeps their order), a batch does not wait out the previous reply and the event
 * loop turn that reads it; past this many, the next ones wait and go as one (see `send`).
 */
export const BATCHES_IN_FLIGHT = 4

/** A published quote of a code whose day is kept, and the 1m bar its print went into. */
export interface KeptMinute {
  quote: Quote
  minute: Bar
}

export interface QuoteRelayDeps {
  url: string
  /**
   * REDIS_PREFIX: the channel and keys are `<prefix>:ticks:v2`, `<prefix>:quotes`, `<prefix>:books`,
   * `<prefix>:term`, and a kept day's `<prefix>:day:<code>:<date>`.
   */
  prefix: string
  logger: Logger
}

/**
 * The one market's quotes as every gateway hears them. The leader publishes each batch of prints
 * once (`publish`): in one Redis transaction the batch goes to the `ticks:v2` channel (its format:
 * relay-batch.ts) and each quote into the `quotes` hash, the last published state, from which a
 * new leader continues and a gateway that starts serves its first snapshots. Every gateway (the leader too) keeps the newest
 * quote per code it has heard and hands the batches to its listeners (the hub, the matcher).
 *
 * The leader's heartbeat also carries its market's status (`FeedStatus`): only the leader runs the
 * real quote source, so only it knows whether that source delivers, and a follower reports what
 * it heard (relayed-market.ts); and its streaming feeds' boards (issue 38), kept in the `books`
 * hash too, so a gateway that starts serves the boards sent before.
 *
 * The minutes of a polled code's day (what its last quote does not tell) are kept beside it, a hash
 * per code and local date, `day:<code>:<date>`: the bar of each minute as the leader's book has it
 * after the batch, and under `quote` the last quote published with them, written in the batch's
 * transaction; a gateway that joins late starts its chart from them (`keptDays`).
 *
 * Each batch carries the publishing leader's term (a counter in Redis taken at election): once a
 * newer term is heard, a deposed leader's late batches are ignored; and a quote whose seq is below
 * the one held for its code is dropped, so what a gateway serves never goes back.
 */
export function createQuoteRelay(deps: QuoteRelayDeps) {
  const { logger } = deps
  const channel = batchChannel(deps.prefix)
  const stateKey = `${deps.prefix}:quotes`
  const booksKey = `${deps.prefix}:books`
  const termKey = `${deps.prefix}:term`
  // The code's date where the quote was printed: the day its minutes belong to.
  const dayKey = (quote: Quote, date = localDate(quote.market, quote.time)) =>
    `${deps.prefix}:day:${quote.code}:${date}`
  const publisher = createClient({ url: deps.url })
  const subscriber = publisher.duplicate()
  for (const client of [publisher, subscriber]) {
    // Without a listener a dropped connection would be an uncaught 'error'; the client reconnects.
    client.on('error', (error: unknown) => logger.error({ err: error }, 'relay connection error'))
  }

  const state = new Map<string, Quote>()
  const books = new Map<string, FeedBook>()
  const listeners = new Set<(quotes: Quote[]) => void>()
  let leaderStatus: FeedStatus | undefined
  let heardTerm = 0
  let lastHeard = 0
  let batches = 0
  // The leader's batches waiting while one is on its way (see `send`).
  let waiting: Quote[] | null = null
  let waitingTerm = 0
  let waitingStatus: FeedStatus | undefined
  let waitingKept: KeptMinute[] = []
  let waitingBooks: Record<string, FeedBook> = {}
  let inFlight = 0
  let whenSent: (() => void)[] = []

  /** Sends what waits while fewer than BATCHES_IN_FLIGHT are on their way. */
  function pump(): void {
    while (waiting && inFlight < BATCHES_IN_FLIGHT) {
      const batch = waiting
      const sent = publish(waitingTerm, batch, waitingStatus, waitingKept, waitingBooks)
      waiting = null
      waitingStatus = undefined
      waitingKept = []
      waitingBooks = {}
      inFlight++
      void sent
        .catch((error: unknown) => logger.error({ err: error }, 'relay: publish failed'))
        .finally(() => {
          inFlight--
          pump()
          if (inFlight > 0 || waiting) return
          const resolve = whenSent
          whenSent = []
          for (const done of resolve) done()
        })
    }
  }

  /**
   * Publishes a batch now; an empty batch is the heartbeat, which may say the market's status.
   * The minutes `kept` go into their days in the same transaction, so a kept day and the quote
   * it says it stands at are always what was published together.
   */
  async function publish(
    term: number,
    quotes: readonly Quote[],
    status?: FeedStatus,
    kept: readonly KeptMinute[] = [],
    boards: Record<string, FeedBook> = {},
  ): Promise<void> {
    // Each quote is encoded once, for the hash and the message alike.
    const encoded = quotes.map((q) => JSON.stringify(q))
    const boarded = Object.keys(boards).length > 0
    const head: BatchHead = { term, ...(status && { status }), ...(boarded && { books: boards }) }
    const tx = publisher.multi()
    if (boarded) tx.hSet(booksKey, booksFields(boards))
    if (quotes.length > 0) {
      const fields: Record<string, string> = {}
      quotes.forEach((q, i) => (fields[q.code] = encoded[i] ?? ''))
      tx.hSet(stateKey, fields)
    }
    for (const { quote, minute } of kept) {
      const key = dayKey(quote)
      tx.hSet(key, { [minute.time]: JSON.stringify(minute), quote: JSON.stringify(quote) })
      tx.expire(key, KEPT_DAY_SECONDS)
    }
    tx.publish(channel, encodeBatch(head, encoded))
    await tx.exec()
  }

  /** Takes the quotes newer than what is held; returns them. */
  function take(quotes: readonly Quote[]): Quote[] {
    const fresh: Quote[] = []
    for (const quote of quotes) {
      const held = state.get(quote.code)
      // Same seq: a session that opened or closed (trading flips, nothing printed) still counts.
      if (
        held &&
        (quote.seq < held.seq || (quote.seq === held.seq && quote.trading === held.trading))
      )
        continue
      state.set(quote.code, quote)
      fresh.push(quote)
    }
    return fresh
  }

  function heard(message: Buffer): void {
    let quotes: Quote[]
    try {
      const { head, quotesFrom } = readBatchHead(message)
      if (head.term < heardTerm) return
      quotes = readBatchQuotes(message, quotesFrom)
      heardTerm = head.term
      if (head.status) leaderStatus = head.status
      for (const [code, book] of Object.entries(head.books ?? {})) books.set(code, book)
    } catch (error) {
      logger.error({ err: error }, 'relay: unreadable batch')
      return
    }
    lastHeard = performance.now()
    batches++
    const fresh = take(quotes)
    if (fresh.length === 0) return
    for (const listener of listeners) {
      try {
        listener(fresh)
      } catch (error) {
        logger.error({ err: error }, 'relayed quote listener failed')
      }
    }
  }

  return {
    /** Connects, subscribes, and loads the last published state (so snapshots start from it). */
    async start(): Promise<void> {
      await Promise.all([publisher.connect(), subscriber.connect()])
      await subscriber.subscribe(channel, heard, true)
      take([...(await this.lastPublished()).values()])
      for (const [code, json] of Object.entries(await publisher.hGetAll(booksKey)))
        books.set(code, JSON.parse(json) as FeedBook)
    },
    async stop(): Promise<void> {
      listeners.clear()
      await Promise.all(
        [publisher, subscriber].map((c) => (c.isOpen ? c.close() : Promise.resolve())),
      )
    },
    /** The newest quote heard of every code (the last published state until the leader is heard). */
    held: (): Quote[] => [...state.values()],
    /** The newest quote heard of a code (canonical code). */
    quote: (code: string): Quote | undefined => state.get(code),
    /** The last board the leader's streaming feed sent of a code (canonical code). */
    book: (code: string): FeedBook | undefined => books.get(code),
    /** Milliseconds since the leader was last heard (Infinity before it ever was). */
    silentFor: () => (lastHeard === 0 ? Infinity : performance.now() - lastHeard),
    /** The leader's market status as last heard (undefined before its first heartbeat). */
    status: (): FeedStatus | undefined => leaderStatus,
    /** Batches heard so far (tests, metrics). */
    batchesHeard: () => batches,
    onQuotes(listener: (quotes: Quote[]) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** The last published quote of every code, as stored in Redis. */
    async lastPublished(): Promise<Map<string, Quote>> {
      const stored = await publisher.hGetAll(stateKey)
      const quotes = new Map<string, Quote>()
      for (const [code, json] of Object.entries(stored)) quotes.set(code, JSON.parse(json) as Quote)
      return quotes
    },
    /**
     * The kept days of each quote's code (`quotes`: the last published), oldest first: the day of
     * that quote and the days before it still kept (a gateway that joins on Tuesday charts Monday's
     * minutes and daily bar too); none for a code whose days are not kept.
     */
    async keptDays(quotes: readonly Quote[]): Promise<KeptDay[]> {
      const keys = quotes.flatMap((quote) => {
        const date = localDate(quote.market, quote.time)
        return Array.from({ length: KEPT_DAYS_BACK + 1 }, (_, i) =>
          dayKey(quote, addDays(date, i - KEPT_DAYS_BACK)),
        )
      })
      const stored = await Promise.all(keys.map((key) => publisher.hGetAll(key)))
      const days: KeptDay[] = []
      for (const { quote, ...minutes } of stored) {
        if (!quote) continue
        const bars = Object.values(minutes).map((json) => JSON.parse(json) as Bar)
        days.push({
          quote: JSON.parse(quote) as Quote,
          minutes: bars.sort((a, b) => a.time - b.time),
        })
      }
      return days
    },
    /** A new leader's term: higher than every earlier leader's. */
    nextTerm: async (): Promise<number> => Number(await publisher.incr(termKey)),
    /**
     * Publishes soon (the leader's prints): each batch goes at once while fewer than
     * BATCHES_IN_FLIGHT are on their way; past that the next ones wait and then go as one, so a busy
     * Redis means fewer, larger batches, not an ever longer queue. Prints keep their order; none is
     * dropped. `kept`: the minutes of the quotes whose day is kept; `boards`: a feed's new boards.
     */
    send(
      term: number,
      quotes: readonly Quote[],
      status?: FeedStatus,
      kept: readonly KeptMinute[] = [],
      boards: Record<string, FeedBook> = {},
    ): void {
      waitingTerm = term
      if (status) waitingStatus = status
      waitingKept.push(...kept)
      Object.assign(waitingBooks, boards)
      if (waiting) waiting.push(...quotes)
      else waiting = [...quotes]
      pump()
    },
    /** Resolves when every batch handed to `send` has been published (or failed). */
    sent: (): Promise<void> =>
      inFlight === 0 && !waiting
        ? Promise.resolve()
        : new Promise<void>((resolve) => whenSent.push(resolve)),
    publish,
  }
}

export type QuoteRelay = ReturnType<typeof createQuoteRelay>
