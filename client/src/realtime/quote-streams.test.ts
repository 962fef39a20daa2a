import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Observable } from 'rxjs'
import type { Quote } from '@kabu/shared/market/types'
import { createFakeQuotesSocket, testQuote } from './fake-quotes-socket'
import { createQuoteStreams, UnknownCodeError, type LiveFeedStatus } from './quote-streams'

/** Frames run only when the test says so, to see what one frame delivers. */
function manualFrames() {
  const queue: Array<() => void> = []
  return {
    requestFrame: (callback: () => void) => void queue.push(callback),
    run() {
      for (const callback of queue.splice(0)) callback()
    },
  }
}

const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve))

function setup() {
  const fake = createFakeQuotesSocket()
  const frames = manualFrames()
  const streams = createQuoteStreams({
    createSocket: () => fake.socket,
    requestFrame: frames.requestFrame,
    ackTimeoutMs: 1_000,
    connectTimeoutMs: 2_000,
  })
  /** Answers the latest subscribe with snapshots of every code asked for (seq given per code). */
  const ackLast = (seqs: Record<string, number> = {}, unknown: string[] = []) => {
    const { codes, ack } = fake.lastSubscribe()
    const known = codes.filter((c) => !unknown.includes(c))
    ack({ ok: true, snapshots: known.map((c) => testQuote(c, seqs[c] ?? 1)), unknown })
  }
  return { fake, frames, streams, ackLast }
}

function collect<T>(source: Observable<T>) {
  const values: T[] = []
  const errors: unknown[] = []
  const subscription = source.subscribe({
    next: (v) => values.push(v),
    error: (e) => errors.push(e),
  })
  return { values, errors, subscription }
}

const seqs = (quotes: Quote[]) => quotes.map((q) => q.seq)

describe('quote streams over one socket', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }),
  )
  afterEach(() => vi.useRealTimers())

  it('opens the socket lazily, on the first subscriber', async () => {
    const { fake, streams } = setup()
    expect(fake.connectCalls).toBe(0)
    streams.quote$('7203').subscribe()
    expect(fake.connectCalls).toBe(1)
    streams.quote$('6758').subscribe()
    expect(fake.connectCalls).toBe(1)
  })

  it('ref-counts: one subscribe for many subscribers, unsubscribe when the last one leaves', async () => {
    const { fake, frames, streams, ackLast } = setup()
    fake.serverConnect()
    const a = collect(streams.quote$('7203'))
    const b = collect(streams.quote$('7203'))
    const c = collect(streams.quote$('6758'))
    await microtasks()
    expect(fake.messages('subscribe')).toEqual([['7203', '6758']])

    ackLast({ '7203': 5, '6758': 9 })
    frames.run()
    expect(seqs(a.values)).toEqual([5])
    expect(seqs(b.values)).toEqual([5])
    expect(seqs(c.values)).toEqual([9])

    // A late joiner gets the latest at once, without another subscribe.
    const late = collect(streams.quote$('7203'))
    expect(seqs(late.values)).toEqual([5])

    a.subscription.unsubscribe()
    late.subscription.unsubscribe()
    await microtasks()
    expect(fake.messages('unsubscribe')).toEqual([])
    b.subscription.unsubscribe()
    await microtasks()
    expect(fake.messages('unsubscribe')).toEqual([['7203']])
    expect(streams.heldCodes()).toEqual(['6758'])
    expect(fake.messages('subscribe')).toHaveLength(1)
  })

  it('sends nothing when a code is released and held again within the same tick (remounts)', async () => {
    const { fake, streams, ackLast } = setup()
    fake.serverConnect()
    const first = streams.quote$('7203').subscribe()
    await microtasks()
    ackLast()
    first.unsubscribe()
    streams.quote$('7203').subscribe()
    await microtasks()
    expect(fake.messages('unsubscribe')).toEqual([])
    expect(fake.messages('subscribe')).toEqual([['7203']])
  })

  it('delivers at most once per frame, the latest quote of each code', async () => {
    const { fake, frames, streams, ackLast } = setup()
    fake.serverConnect()
    const a = collect(streams.quote$('7203'))
    await microtasks()
    ackLast({ '7203': 1 })
    fake.ticks([testQuote('7203', 2)])
    fake.ticks([testQuote('7203', 3), testQuote('9999', 1)])
    expect(a.values).toEqual([])
    frames.run()
    expect(seqs(a.values)).toEqual([3])
    fake.ticks([testQuote('7203', 4)])
    frames.run()
    expect(seqs(a.values)).toEqual([3, 4])
  })

  it('subscribes every held code again after a reconnect and forgets codes released offline', async () => {
    const { fake, frames, streams, ackLast } = setup()
    fake.serverConnect()
    const keep = collect(streams.quote$('7203'))
    const drop = streams.quote$('6758').subscribe()
    streams.quote$('AAPL').subscribe()
    await microtasks()
    ackLast({ '7203': 10, '6758': 3, AAPL: 7 })
    frames.run()

    fake.serverDisconnect()
    drop.unsubscribe()
    await microtasks()
    expect(fake.messages('unsubscribe')).toEqual([]) // nothing is sent while offline

    fake.serverConnect()
    expect(fake.messages('unsubscribe')).toEqual([['6758']])
    expect(fake.lastSubscribe().codes.sort()).toEqual(['7203', 'AAPL'])
    ackLast({ '7203': 12, AAPL: 8 })
    frames.run()
    expect(seqs(keep.values)).toEqual([10, 12])
  })

  it('reconnects by itself when the server closed the connection (a gateway restarting)', async () => {
    const { fake, streams } = setup()
    streams.quote$('7203').subscribe()
    fake.serverConnect()
    const before = fake.connectCalls
    fake.serverDisconnect('transport close') // socket.io retries this one itself
    vi.advanceTimersByTime(5_000)
    expect(fake.connectCalls).toBe(before)
    fake.serverDisconnect('io server disconnect')
    vi.advanceTimersByTime(2_000)
    expect(fake.connectCalls).toBe(before + 1)
  })

  it('marks a code stale while the socket is down, the feed is stale, or no snapshot has come', async () => {
    const { fake, streams, ackLast } = setup()
    const stale = collect(streams.isStale$('7203'))
    fake.serverConnect()
    fake.status('live')
    await microtasks()
    expect(stale.values).toEqual([true]) // connected, but no snapshot yet
    ackLast()
    expect(stale.values).toEqual([true, false])

    fake.status('stale')
    expect(stale.values.at(-1)).toBe(true)
    fake.status('live')
    expect(stale.values.at(-1)).toBe(false)

    fake.serverDisconnect()
    expect(stale.values.at(-1)).toBe(true)
    fake.serverConnect()
    expect(stale.values.at(-1)).toBe(true) // until the resubscribe is answered
    ackLast()
    expect(stale.values.at(-1)).toBe(false)
    // A market closed for the day is not stale: its last price is the close.
    fake.status('closed')
    expect(stale.values.at(-1)).toBe(false)
  })

  it('reports the feed status with the connection state', () => {
    const { fake, streams } = setup()
    const status = collect<LiveFeedStatus>(streams.feedStatus$)
    expect(status.values.at(-1)).toMatchObject({ connected: false, simulated: false })
    fake.serverConnect()
    fake.status('live', true)
    expect(status.values.at(-1)).toMatchObject({ connected: true, state: 'live', simulated: true })
    fake.serverDisconnect()
    expect(status.values.at(-1)).toMatchObject({ connected: false, state: 'live' })
  })

  it('accepts forward seq jumps (conflation) but drops a seq going back and resubscribes that code', async () => {
    const { fake, frames, streams, ackLast } = setup()
    fake.serverConnect()
    const a = collect(streams.quote$('7203'))
    streams.quote$('6758').subscribe()
    await microtasks()
    ackLast({ '7203': 10, '6758': 1 })
    frames.run()
    fake.ticks([testQuote('7203', 25)]) // 14 prints conflated away
    frames.run()
    expect(seqs(a.values)).toEqual([10, 25])

    fake.ticks([testQuote('7203', 25)]) // a duplicate: ignored quietly
    frames.run()
    expect(fake.messages('subscribe')).toHaveLength(1)

    fake.ticks([testQuote('7203', 3)]) // the source went back: resync this code only
    frames.run()
    expect(seqs(a.values)).toEqual([10, 25])
    expect(fake.lastSubscribe().codes).toEqual(['7203'])
    fake.ticks([testQuote('7203', 2)]) // no second resubscribe while one is in flight
    expect(fake.messages('subscribe')).toHaveLength(2)

    // While synced, the answer is taken only if newer than what is shown (a restarted source
    // arrives through a reconnect, which unsyncs first: next test).
    ackLast({ '7203': 26 })
    frames.run()
    expect(seqs(a.values)).toEqual([10, 25, 26])
  })

  it('takes a lower-seq snapshot after a reconnect (a restarted source starts again)', async () => {
    const { fake, frames, streams, ackLast } = setup()
    fake.serverConnect()
    const a = collect(streams.quote$('7203'))
    await microtasks()
    ackLast({ '7203': 500 })
    frames.run()
    fake.serverDisconnect()
    fake.serverConnect()
    ackLast({ '7203': 4 })
    fake.ticks([testQuote('7203', 5)])
    frames.run()
    expect(seqs(a.values)).toEqual([500, 5])
  })

  it('fails the stream of an unknown code and keeps the others', async () => {
    const { fake, frames, streams, ackLast } = setup()
    fake.serverConnect()
    const bad = collect(streams.quote$('NOPE'))
    const good = collect(streams.quote$('7203'))
    await microtasks()
    ackLast({ '7203': 1 }, ['NOPE'])
    frames.run()
    expect(bad.errors[0]).toBeInstanceOf(UnknownCodeError)
    expect(seqs(good.values)).toEqual([1])
  })

  it('fails a malformed code at once without sending it', async () => {
    const { fake, streams } = setup()
    fake.serverConnect()
    const bad = collect(streams.quote$('<script>'))
    const long = collect(streams.quote$('X'.repeat(17)))
    await microtasks()
    expect(bad.errors[0]).toBeInstanceOf(UnknownCodeError)
    expect(long.errors[0]).toBeInstanceOf(UnknownCodeError)
    expect(fake.sent).toEqual([])
  })

  it('sends a subscribe again when its ack does not come', async () => {
    const { fake, streams, ackLast } = setup()
    fake.serverConnect()
    streams.quote$('7203').subscribe()
    await microtasks()
    expect(fake.messages('subscribe')).toHaveLength(1)
    vi.advanceTimersByTime(1_000)
    expect(fake.messages('subscribe')).toEqual([['7203'], ['7203']])
    ackLast()
    vi.advanceTimersByTime(5_000)
    expect(fake.messages('subscribe')).toHaveLength(2)
  })

  it('connect() resolves on connection and rejects after the timeout', async () => {
    const ok = setup()
    const connecting = ok.streams.connect()
    ok.fake.serverConnect()
    await expect(connecting).resolves.toBeUndefined()

    const down = setup()
    const failing = down.streams.connect()
    vi.advanceTimersByTime(2_000)
    await expect(failing).rejects.toThrow(/did not connect/)
  })
})
