import { describe, expect, it } from 'vitest'
import type { Depth, TapePrint } from '@kabu/shared/market/depth'
import type { DepthAck } from '@kabu/shared/realtime'
import { createDepthStreams } from './depth-streams'
import { UnknownCodeError } from './quote-errors'
import type { QuotesSocket } from './quotes-socket'

/** Just enough of the `/quotes` socket: the test plays the server. */
function fakeSocket() {
  const listeners = new Map<string, Array<(...args: never[]) => void>>()
  const sent: Array<{ event: string; code: string; ack?: (res: DepthAck) => void }> = []
  let connected = false
  const fire = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => void)(...args)
  }
  const socket = {
    get connected() {
      return connected
    },
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
    },
    emit(event: string, code: string, ack?: (res: DepthAck) => void) {
      sent.push({ event, code, ack })
    },
    connect() {},
    close() {},
  } as unknown as QuotesSocket
  return {
    socket,
    sent,
    connect() {
      connected = true
      fire('connect')
    },
    disconnect() {
      connected = false
      fire('disconnect', 'transport close')
    },
    push: (depth: Depth) => fire('depth', depth),
  }
}

const print = (seq: number): TapePrint => ({
  seq,
  time: seq * 1_000,
  price: 100,
  size: 100,
  side: 'buy',
})
const depth = (code: string, seqs: number[]): Depth => ({
  code,
  bids: [{ price: 99, size: 100 }],
  asks: [{ price: 100, size: 200 }],
  tape: seqs.map(print),
  vwap: 99.5,
  time: (seqs[0] ?? 0) * 1_000,
  dayStart: 0,
})
const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve))

describe('depth$', () => {
  it('subscribes once per code, merges new prints on top of the tape, unsubscribes after the last', async () => {
    const fake = fakeSocket()
    const streams = createDepthStreams({ socket: () => fake.socket })
    const seen: Depth[] = []
    const other: Depth[] = []
    const a = streams.depth$('7203').subscribe((d) => seen.push(d))
    const b = streams.depth$('7203').subscribe((d) => other.push(d))
    expect(fake.sent).toEqual([])
    fake.connect()
    expect(fake.sent.map((s) => [s.event, s.code])).toEqual([['depth:subscribe', '7203']])
    // An update before the ack has nothing to merge into.
    fake.push(depth('7203', [9]))
    expect(seen).toEqual([])
    fake.sent[0]!.ack!({ ok: true, depth: depth('7203', [5, 4, 3]) })
    // Overlapping prints (4, 5) come once.
    fake.push(depth('7203', [7, 6, 5, 4]))
    expect(seen.at(-1)!.tape.map((p) => p.seq)).toEqual([7, 6, 5, 4, 3])
    expect(other.at(-1)).toEqual(seen.at(-1))
    a.unsubscribe()
    await microtasks()
    expect(fake.sent).toHaveLength(1)
    b.unsubscribe()
    await microtasks()
    expect(fake.sent.map((s) => [s.event, s.code])).toEqual([
      ['depth:subscribe', '7203'],
      ['depth:unsubscribe', '7203'],
    ])
  })

  it('keeps at most TAPE_LENGTH prints and asks again after a reconnect', () => {
    const fake = fakeSocket()
    fake.connect()
    const streams = createDepthStreams({ socket: () => fake.socket })
    const seen: Depth[] = []
    streams.depth$('AAPL').subscribe((d) => seen.push(d))
    fake.sent[0]!.ack!({ ok: true, depth: depth('AAPL', [40, 39, 38, 37, 36, 35, 34, 33, 32, 31]) })
    fake.push(
      depth(
        'AAPL',
        Array.from({ length: 45 }, (_, i) => 85 - i),
      ),
    )
    expect(seen.at(-1)!.tape).toHaveLength(50)
    expect(seen.at(-1)!.tape[0]!.seq).toBe(85)
    fake.disconnect()
    fake.connect()
    expect(fake.sent.filter((s) => s.event === 'depth:subscribe')).toHaveLength(2)
  })

  it('drops the prints of a past trading day when the next day opens', () => {
    const fake = fakeSocket()
    fake.connect()
    const streams = createDepthStreams({ socket: () => fake.socket })
    const seen: Depth[] = []
    streams.depth$('7203').subscribe((d) => seen.push(d))
    fake.sent[0]!.ack!({ ok: true, depth: depth('7203', [12, 11, 10]) })
    // The day opened at 20 s: its first print (seq 21) is the whole tape now.
    fake.push({ ...depth('7203', [21]), dayStart: 20_000 })
    expect(seen.at(-1)!.tape.map((p) => p.seq)).toEqual([21])
  })

  it('fails the stream of an unknown code', () => {
    const fake = fakeSocket()
    fake.connect()
    const streams = createDepthStreams({ socket: () => fake.socket })
    let failure: unknown
    streams.depth$('NOPE').subscribe({ error: (error: unknown) => (failure = error) })
    fake.sent[0]!.ack!({ ok: false, msg: 'not_found' })
    expect(failure).toBeInstanceOf(UnknownCodeError)
  })
})
