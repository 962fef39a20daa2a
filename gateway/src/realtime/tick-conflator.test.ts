import type { Quote } from '@kabu/shared/market/types'
import { describe, expect, it } from 'vitest'
import { TickConflator, type TickSink } from './tick-conflator'

const quote = (code: string, seq: number) => ({ code, seq }) as Quote

class Recorder implements TickSink {
  batches: Quote[][] = []
  sendTicks(quotes: Quote[]) {
    this.batches.push(quotes)
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
    conflator.remove(sink, ['SPX'])
    conflator.offer([quote('SPX', 2)])
    now = 200
    conflator.flush()
    expect(sink.batches).toHaveLength(1)
  })
})
