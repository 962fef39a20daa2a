import path from 'node:path'
import { readFileSync } from 'node:fs'
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
