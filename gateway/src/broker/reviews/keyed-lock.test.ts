import { describe, expect, it } from 'vitest'
import { createKeyedLock } from './keyed-lock'

const tick = () => new Promise((r) => setTimeout(r, 5))

describe('createKeyedLock', () => {
  it('runs tasks of one key in turn, other keys alongside, and survives a failure', async () => {
    const withLock = createKeyedLock()
    const log: string[] = []
    const task =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name}:start`)
        await tick()
        log.push(`${name}:end`)
        if (fail) throw new Error(name)
        return name
      }
    const results = await Promise.allSettled([
      withLock('a', task('a1', true)),
      withLock('a', task('a2')),
      withLock('b', task('b1')),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled'])
    expect(log.indexOf('a1:end')).toBeLessThan(log.indexOf('a2:start'))
    expect(log.indexOf('b1:start')).toBeLessThan(log.indexOf('a1:end'))
  })
})
