import { Subject } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SearchHit } from '../../realtime/market-api'
import { searchAsYouType, type SearchCall, type SearchState } from './search.stream'

const hit = (code: string): SearchHit => ({
  code,
  market: 'jp',
  kind: 'stock',
  name: { ja: code, zh: code, en: code },
})

/** A search whose answers the test releases by hand, recording what was asked and aborted. */
function controlledSearch() {
  const calls: Array<{
    q: string
    signal: AbortSignal
    answer: (hits: SearchHit[]) => void
    fail: (e: unknown) => void
  }> = []
  const search: SearchCall = (q, signal) =>
    new Promise((resolve, reject) => calls.push({ q, signal, answer: resolve, fail: reject }))
  return { calls, search }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

describe('search as you type', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('waits for a pause in typing and sends only the last query', async () => {
    const { calls, search } = controlledSearch()
    const input = new Subject<string>()
    const states: SearchState[] = []
    searchAsYouType(input, search, 250).subscribe((s) => states.push(s))
    input.next('ト')
    await vi.advanceTimersByTimeAsync(100)
    input.next('トヨ')
    await vi.advanceTimersByTimeAsync(100)
    input.next('トヨタ ')
    expect(calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(250)
    expect(calls.map((c) => c.q)).toEqual(['トヨタ'])
    expect(states.at(-1)).toEqual({ status: 'loading', query: 'トヨタ', hits: [] })
    calls[0]!.answer([hit('7203')])
    await settle()
    expect(states.at(-1)).toEqual({ status: 'done', query: 'トヨタ', hits: [hit('7203')] })
  })

  it('aborts the request of a query typed over, so its late answer is never shown', async () => {
    const { calls, search } = controlledSearch()
    const input = new Subject<string>()
    const states: SearchState[] = []
    searchAsYouType(input, search, 250).subscribe((s) => states.push(s))
    input.next('AA')
    await vi.advanceTimersByTimeAsync(250)
    input.next('AAPL')
    await vi.advanceTimersByTimeAsync(250)
    expect(calls[0]!.signal.aborted).toBe(true)
    expect(calls[1]!.signal.aborted).toBe(false)
    calls[1]!.answer([hit('AAPL')])
    calls[0]!.answer([hit('AAL')])
    await settle()
    expect(states.filter((s) => s.status === 'done')).toEqual([
      { status: 'done', query: 'AAPL', hits: [hit('AAPL')] },
    ])
  })

  it('goes idle on an empty box, skips repeats, and reports a failure without stopping', async () => {
    const { calls, search } = controlledSearch()
    const input = new Subject<string>()
    const states: SearchState[] = []
    searchAsYouType(input, search, 250).subscribe((s) => states.push(s))
    input.next('sony')
    await vi.advanceTimersByTimeAsync(250)
    calls[0]!.fail(new Error('network'))
    await settle()
    expect(states.at(-1)?.status).toBe('error')
    input.next(' sony')
    await vi.advanceTimersByTimeAsync(250)
    expect(calls).toHaveLength(1) // same query after trimming
    input.next('   ')
    await vi.advanceTimersByTimeAsync(250)
    expect(states.at(-1)).toEqual({ status: 'idle', query: '' })
    input.next('6758')
    await vi.advanceTimersByTimeAsync(250)
    expect(calls.map((c) => c.q)).toEqual(['sony', '6758'])
  })

  it('keeps the previous answer on screen while the next query loads', async () => {
    const { calls, search } = controlledSearch()
    const input = new Subject<string>()
    const states: SearchState[] = []
    searchAsYouType(input, search, 10).subscribe((s) => states.push(s))
    input.next('to')
    await vi.advanceTimersByTimeAsync(10)
    calls[0]!.answer([hit('7203')])
    await settle()
    input.next('toy')
    await vi.advanceTimersByTimeAsync(10)
    expect(states.at(-1)).toEqual({ status: 'loading', query: 'toy', hits: [hit('7203')] })
  })

  it('never sends more than 64 characters', async () => {
    const { calls, search } = controlledSearch()
    const input = new Subject<string>()
    searchAsYouType(input, search, 10).subscribe()
    input.next('x'.repeat(1000))
    await vi.advanceTimersByTimeAsync(10)
    expect(calls[0]!.q).toHaveLength(64)
  })
})
