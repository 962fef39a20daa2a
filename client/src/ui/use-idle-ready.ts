import { useEffect, useState } from 'react'
import { whenIdle } from './when-idle'

/** How long a later stage waits for idle at most: the first one has already waited. */
const NEXT_STAGE_TIMEOUT_MS = 500

/**
 * How many of `stages` parts below the fold may mount: none at first, then one more each time the
 * browser is idle after the previous one painted (the first within 2 s), so their renders and
 * requests do not lengthen the task that paints what is in view. Mounted together they were one
 * render of 180 ms on a slow phone (home's rankings, entries, news and summary links, at 4× CPU);
 * one after another, each is its own shorter task, and a tap in between is answered at once.
 */
export function useIdleStages(stages: number): number {
  const [ready, setReady] = useState(0)
  useEffect(() => {
    if (ready >= stages) return undefined
    return whenIdle(() => setReady(ready + 1), ready === 0 ? undefined : NEXT_STAGE_TIMEOUT_MS)
  }, [ready, stages])
  return ready
}
