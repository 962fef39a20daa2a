import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testQuote } from './fake-quotes-socket'
import type { LiveFeedStatus } from './quote-streams'
import { collect, microtasks, seqs, setupStreams as setup } from './quote-streams.fixture'

describe('quote streams: staleness, feed status and seq order', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }),
  )
  afterEach(() => vi.useRealTimers())

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

  it('marks only the codes of a stopped real source stale while the feed stays live', async () => {
    const { fake, streams, ackLast } = setup()
    const toyota = collect(streams.isStale$('7203'))
    const sony = collect(streams.isStale$('6758'))
    fake.serverConnect()
    const live = { state: 'live', source: 'simulator', simulated: true, lag: 0 } as const
    fake.feedStatus({ ...live, staleCodes: [] })
    await microtasks()
    ackLast()
    expect([toyota.values.at(-1), sony.values.at(-1)]).toEqual([false, false])
    fake.feedStatus({ ...live, staleCodes: ['7203'] })
    expect([toyota.values.at(-1), sony.values.at(-1)]).toEqual([true, false])
    fake.feedStatus({ ...live, staleCodes: [] })
    expect(toyota.values.at(-1)).toBe(false)
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
})
