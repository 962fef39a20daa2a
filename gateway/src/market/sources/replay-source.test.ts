import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Quote } from '@kabu/shared/market/types'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createClock } from '../../clock'
import { createReplaySource } from './replay-source'

const FILE = path.resolve(import.meta.dirname, '../../../data/replay/dexjpus.csv')
/** The shipped series' closes, in file order, holidays (empty values) left out. */
const closes = readFileSync(FILE, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[1])
  .filter((v): v is string => !!v)
  .map(Number)

describe('the replay source', () => {
  it('plays the shipped FRED series: every close in order, at the chosen speed, then stale', async () => {
    const speed = 200 // trading days per second: 5 ms a day
    const source = createReplaySource(
      { file: FILE, speed, code: 'TOPIX', label: undefined },
      { clock: createClock(), logger: pino({ level: 'silent' }), trading: () => true },
    )
    const played: number[] = []
    const at: number[] = []
    source.onQuotes((quotes) => {
      for (const q of quotes) {
        played.push(q.price)
        at.push(performance.now())
      }
    })
    expect(source.label).toBe('dexjpus.csv')
    expect(source.isLive()).toBe(false)
    source.start()
    expect(source.isLive()).toBe(true)
    const expectedMs = ((closes.length - 1) / speed) * 1000
    await new Promise((resolve) => setTimeout(resolve, expectedMs * 1.5 + 500))

    expect(closes.length).toBe(258)
    expect(played).toEqual(closes)
    const tookMs = at.at(-1)! - at[0]!
    expect(tookMs).toBeGreaterThanOrEqual(expectedMs * 0.95)
    expect(tookMs).toBeLessThanOrEqual(expectedMs * 1.5)
    // The replay ran out: a source that stopped.
    expect(source.isLive()).toBe(false)
    const bars = source.bars('TOPIX', '1d')
    expect(bars.map((b) => b.close)).toEqual(closes)
    expect(new Date(bars[0]!.time * 1000).toISOString().slice(0, 10)).toBe('2024-07-01')
    const quote = source.snapshot('TOPIX')!
    expect(quote).toMatchObject({ price: 147.29, prevClose: 146.46, change: 0.83 })
    source.stop()
  })
})

describe('a follower’s replay (issue 16)', () => {
  const deps = () => ({
    clock: createClock(),
    logger: pino({ level: 'silent' }),
    trading: () => true,
  })
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  /** A leader and a follower of one file: the follower takes every quote the leader prints. */
  async function leaderPlays(file: string, speed: number, forMs: number) {
    const settings = { file, speed, code: undefined, label: undefined }
    const leader = createReplaySource(settings, deps())
    const follower = createReplaySource(settings, deps())
    const published: Quote[] = []
    leader.onQuotes((quotes) => {
      published.push(...quotes)
      follower.follow(quotes)
    })
    leader.start()
    await sleep(forMs)
    leader.stop()
    return { leader, follower, published }
  }

  it('charts a daily file of two codes as the leader, and goes on from the day after its last', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'replay-follow-'))
    const file = path.join(dir, 'two.csv')
    const lines = ['date,code,close']
    for (let day = 1; day <= 28; day++) {
      const date = `2025-02-${String(day).padStart(2, '0')}`
      lines.push(`${date},7203,${2000 + day}`, `${date},6758,${3000 + day}`)
    }
    writeFileSync(file, lines.join('\n'))
    const { leader, follower, published } = await leaderPlays(file, 100, 120)
    rmSync(dir, { recursive: true })

    const played = published.filter((q) => q.code === '7203').length
    expect(played).toBeGreaterThan(3)
    expect(played).toBeLessThan(28)
    // Each step of two codes came as two quotes: the follower played each day once.
    for (const code of ['7203', '6758'])
      expect(follower.bars(code, '1d')).toEqual(leader.bars(code, '1d'))
    // Followed, not played: its codes are no more live than a stopped source's.
    expect(follower.isLive()).toBe(false)

    const resumed: Quote[] = []
    follower.onQuotes((quotes) => resumed.push(...quotes))
    follower.start()
    follower.stop()
    expect(resumed.map((q) => q.price)).toEqual([2000 + played + 1, 3000 + played + 1])
    expect(follower.bars('7203', '1d').map((b) => b.close)).toEqual(
      Array.from({ length: played + 1 }, (_, i) => 2001 + i),
    )
  })

  it('follows a tick file by its prints’ times, and ignores what it is told while it plays', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'replay-follow-'))
    const file = path.join(dir, 'ticks.jsonl')
    const start = Date.UTC(2025, 1, 3, 0, 0)
    // The price goes back and forth, so only the time tells which print a quote is.
    const rows = Array.from({ length: 200 }, (_, i) =>
      JSON.stringify({ code: '7203', time: start + i * 1000, price: 2500 + (i % 3) }),
    )
    writeFileSync(file, rows.join('\n'))
    // Ten times real time: a print every 100 ms.
    const { leader, follower, published } = await leaderPlays(file, 10, 450)
    rmSync(dir, { recursive: true })

    const last = published.at(-1)!
    expect(published.length).toBeGreaterThan(2)
    expect(follower.bars('7203', '1m')).toEqual(leader.bars('7203', '1m'))
    const resumed: Quote[] = []
    follower.onQuotes((quotes) => resumed.push(...quotes))
    follower.start()
    // While it plays, a quote relayed late (its own, or a deposed leader's) moves nothing.
    follower.follow([{ ...last, seq: last.seq + 100, time: start + 150_000 }])
    follower.stop()
    expect(resumed.map((q) => q.time)).toEqual([last.time + 1000])
    follower.start()
    follower.stop()
    expect(resumed.map((q) => q.time)).toEqual([last.time + 1000, last.time + 2000])
  })
})
