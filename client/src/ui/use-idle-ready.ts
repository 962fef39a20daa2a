import { useEffect, useState } from 'react'
import { whenIdle } from './when-idle'

/**
 * False until the browser is idle after the screen's first paint (2 s at the latest), then true:
 * a screen mounts its parts below the fold with it, so their renders and requests do not lengthen
 * the task that paints what is in view.
 */
export function useIdleReady(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => whenIdle(() => setReady(true)), [])
  return ready
}
