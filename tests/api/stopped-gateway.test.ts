import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { startTestApp } from '../support/app'

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/**
 * Starts a gateway, asks it something, stops it, and keeps only weak references to its parts: the
 * app object itself is nobody's, the parts are what its closures hold.
 */
async function startedAndStopped(): Promise<Record<string, WeakRef<object>>> {
  const started = await startTestApp()
  expect((await fetch(`${started.url}/metrics`)).status).toBe(401)
  await started.stop()
  const { io, db, market, broker, server } = started.app
  return Object.fromEntries(
    Object.entries({ io, db, market, broker, server }).map(([name, part]) => [
      name,
      new WeakRef(part),
    ]),
  )
}

// What holds a part that stays: v8.writeHeapSnapshot() here, then its retainers in DevTools.
describe('a stopped gateway', () => {
  it('leaves nothing of itself behind', async () => {
    const parts = await startedAndStopped()
    let kept: string[] = []
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      collectGarbage()
      kept = Object.keys(parts).filter((name) => parts[name]!.deref() !== undefined)
      if (kept.length === 0) break
    }
    expect(kept).toEqual([])
  }, 120_000)
})
