import type { Quote } from '@kabu/shared/market/types'
import { describe, expect, it } from 'vitest'
import { FLUSH_EVERY_MS, TickConflator, type TickSink } from './tick-conflator'

const quote = (code: string, seq: number) => ({ code, seq }) as Quote

class Recorder implements TickSink {
  batches: Quote[][] = []
  behind = false
  sendTicks(quotes: readonly Quote[]) {
    // Lent for the call (TickSink): kept, so copied.
    this.batches.push([...quotes])
  }
  isBehind() {
    return this.behind
  }
}

describe('TickConflator', () => {
  it('sends each sink one batch per window with the latest quote of its changed codes', () => {
    let now = 0
    const conflator = new TickConflator<Recorder>(() => now)
    const a = new Recorder()
    const b = new Recorder()
    conflator.subscribe(a, '7203')
    conflator.subscribe(a, 'AAPL')
    conflator.subscribe(b, 'AAPL')
    conflator.offer([quote('7203', 1), quote('AAPL', 1), quote('7203', 2), quote('NOPE', 1)])
    conflator.offer([quote('7203', 3)])
    now = 100
    conflator.flush()
    expect(a.batches).toEqual([[quote('7203', 3), quote('AAPL', 1)]])
    expect(b.batches).toEqual([[quote('AAPL', 1)]])
    // Nothing changed: nothing sent.
    now = 200
    conflator.flush()
    expect(a.batches).toHaveLength(1)
  })

  it('never sends a sink two batches within TICK_BATCH_MS, keeping the latest for later', () => {
    let now = 1_000
    const conflator = new TickConflator<Recorder>(() => now)
    const sink = new Recorder()
    conflator.subscribe(sink, 'N225')
    conflator.offer([quote('N225', 1)])
    conflator.flush()
    now += 40
    conflator.offer([quote('N225', 2)])
    conflator.flush()
    now += 20
    conflator.offer([quote('N225', 3)])
    conflator.flush()
    expect(sink.batches).toEqual([[quote('N225', 1)]])
    now += 40
    conflator.flush()
    expect(sink.batches).toEqual([[quote('N225', 1)], [quote('N225', 3)]])
  })

  it('stops sending what was unsubscribed and forgets removed sinks', () => {
    let now = 0
    const conflator = new TickConflator<Recorder>(() => now)
    const sink = new Recorder()
    conflator.subscribe(sink, '7203')
    conflator.subscribe(sink, 'SPX')
    conflator.unsubscribe(sink, '7203')
    conflator.offer([quote('7203', 1), quote('SPX', 1)])
    now = 100
    conflator.flush()
    expect(sink.batches).toEqual([[quote('SPX', 1)]])
    conflator.remove(sink)
    conflator.offer([quote('SPX', 2)])
    now = 200
    conflator.flush()
    expect(sink.batches).toHaveLength(1)
  })

  it('holds a sink that is behind, conflating its batch to the latest per code until it catches up', () => {
    let now = 0
    const conflator = new TickConflator<Recorder>(() => now)
    const slow = new Recorder()
    const other = new Recorder()
    for (const sink of [slow, other]) {
      conflator.subscribe(sink, '7203')
      conflator.subscribe(sink, 'SPX')
    }
    slow.behind = true
    for (let seq = 1; seq <= 50; seq++) {
      conflator.offer([quote('7203', seq), quote('SPX', seq)])
      now += 100
      conflator.flush()
    }
    expect(other.batches).toHaveLength(50)
    expect(slow.batches).toHaveLength(0)
    slow.behind = false
    now += 100
    conflator.flush()
    // One batch, the latest of each code: nothing queued while it was behind.
    expect(slow.batches).toEqual([[quote('7203', 50), quote('SPX', 50)]])
  })

  it('sends what was printed up to the send, and a quiet sink its next change at once', () => {
    let now = 0
    const conflator = new TickConflator<Recorder>(() => now)
    const sink = new Recorder()
    conflator.subscribe(sink, 'N225')
    conflator.offer([quote('N225', 1)])
    conflator.flush()
    // Printed 99 ms into the frame: in the batch sent at its end, not one frame later.
    now = 99
    conflator.offer([quote('N225', 2)])
    now = 100
    conflator.flush()
    expect(sink.batches).toEqual([[quote('N225', 1)], [quote('N225', 2)]])
    // Quiet for a while, then one print: sent on the next flush, with no frame to wait out.
    now = 400
    conflator.offer([quote('N225', 3)])
    now += FLUSH_EVERY_MS
    conflator.flush()
    expect(sink.batches.at(-1)).toEqual([quote('N225', 3)])
  })

  it('starts a new subscription from its snapshot: earlier prints are not sent again', () => {
    let now = 0
    const conflator = new TickConflator<Recorder>(() => now)
    const early = new Recorder()
    const late = new Recorder()
    conflator.subscribe(early, '7203')
    conflator.offer([quote('7203', 1)])
    conflator.subscribe(late, '7203')
    now = 100
    conflator.flush()
    expect(early.batches).toEqual([[quote('7203', 1)]])
    expect(late.batches).toEqual([])
    conflator.offer([quote('7203', 2)])
    now = 200
    conflator.flush()
    expect(late.batches).toEqual([[quote('7203', 2)]])
  })

  it('spreads the sends of many sinks over the frame instead of sending all in one flush', () => {
    let now = 0
    const conflator = new TickConflator<Recorder>(() => now)
    const sinks = Array.from({ length: 1_000 }, () => new Recorder())
    for (const sink of sinks) conflator.subscribe(sink, '7203')
    let seq = 0
    const sentAt: number[][] = sinks.map(() => [])
    for (now = FLUSH_EVERY_MS; now <= 1_000; now += FLUSH_EVERY_MS) {
      conflator.offer([quote('7203', ++seq)])
      const before = sinks.map((sink) => sink.batches.length)
      conflator.flush()
      const sent = sinks.filter((sink, i) => sink.batches.length > before[i]!).length
      // A flush's share of 1,000 sinks: 2 ms of a 100 ms frame, with half as much again to spare.
      expect(sent).toBeLessThanOrEqual(30)
      sinks.forEach((sink, i) => sink.batches.length > before[i]! && sentAt[i]!.push(now))
    }
    // Still a batch every frame for each (the first frame spent spreading them), none sooner.
    for (const times of sentAt) {
      expect(times.length).toBeGreaterThanOrEqual(9)
      for (let k = 1; k < times.length; k++)
        expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(98)
      for (let k = 1; k < times.length; k++)
        expect(times[k]! - times[k - 1]!).toBeLessThanOrEqual(100)
    }
  })

  it('sends a late flush in slices when asked, the same sinks as in one go and none twice', () => {
    let now = 0
    const conflator = new TickConflator<Recorder>(() => now)
    const sinks = Array.from({ length: 100 }, () => new Recorder())
    for (const sink of sinks) conflator.subscribe(sink, '7203')
    conflator.offer([quote('7203', 1)])
    // A whole frame late: its share is every sink, which a slice of 10 hands over in 10 goes (the
    // last one answers false: nothing left).
    now = 100
    expect(conflator.flush(10)).toBe(true)
    expect(sinks.filter((sink) => sink.batches.length === 1)).toHaveLength(10)
    let goes = 2
    while (conflator.resume(10)) goes++
    expect(goes).toBe(10)
    for (const sink of sinks) expect(sink.batches).toEqual([[quote('7203', 1)]])
    // Nothing more is owed: a resume after the end sends nothing, even with news.
    conflator.offer([quote('7203', 2)])
    expect(conflator.resume(10)).toBe(false)
    expect(sinks.every((sink) => sink.batches.length === 1)).toBe(true)
  })
  it('goes on where a slice stopped when phones leave between slices: none skipped, none twice', () => {
    let now = 0
    const conflator = new TickConflator<Recorder>(() => now)
    const sinks = Array.from({ length: 30 }, () => new Recorder())
    for (const sink of sinks) conflator.subscribe(sink, '7203')
    conflator.offer([quote('7203', 1)])
    now = 100
    expect(conflator.flush(10)).toBe(true)
    // One already sent leaves, and so does the one the next slice would start with.
    conflator.remove(sinks[3]!)
    conflator.remove(sinks[10]!)
    while (conflator.resume(10));
    const stayed = sinks.filter((_, i) => i !== 10)
    for (const sink of stayed) expect(sink.batches).toEqual([[quote('7203', 1)]])
    expect(sinks[10]!.batches).toEqual([])
  })
})
