import { describe, expect, it } from 'vitest'
import { periodicJob } from './periodic-job'

describe('periodicJob', () => {
  it('runs one pass at a time: runOnce waits for the pass in flight', async () => {
    const log: string[] = []
    let n = 0
    const job = periodicJob(
      async () => {
        const i = ++n
        log.push(`start ${i}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
        log.push(`end ${i}`)
      },
      { everyMs: 3_600_000, onError: () => undefined },
    )
    await Promise.all([job.runOnce(), job.runOnce()])
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2'])
  })

  it('ticks on its period once started, reports a failed pass and keeps going, stops cleanly', async () => {
    const errors: unknown[] = []
    let passes = 0
    const job = periodicJob(
      async () => {
        passes++
        if (passes === 1) throw new Error('first pass fails')
      },
      { everyMs: 10, onError: (e) => errors.push(e), runAtStart: true },
    )
    job.start()
    job.start() // a second start changes nothing
    await new Promise((resolve) => setTimeout(resolve, 80))
    await job.stop()
    const after = passes
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(passes).toBe(after)
    expect(after).toBeGreaterThan(2)
    expect(errors).toHaveLength(1)
  })
})
