import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testQuote } from './fake-quotes-socket'
import { UnknownCodeError } from './quote-streams'
import { collect, microtasks, seqs, setupStreams as setup } from './quote-streams.fixture'

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
