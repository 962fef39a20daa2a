/**
 * Runs `work` once the browser is idle after the next paint, or after `timeoutMs` at the latest.
 * For downloads the current screen does not need: they then never compete with its own code.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  let cancelled = false
  let idleId: number | undefined
  const frame = requestAnimationFrame(() => {
    if (cancelled) return
    if (typeof requestIdleCallback === 'function') {
      idleId = requestIdleCallback(work, { timeout: timeoutMs })
    } else {
      idleId = window.setTimeout(work, 200)
    }
  })
  return () => {
    cancelled = true
    cancelAnimationFrame(frame)
    if (idleId === undefined) return
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idleId)
    else clearTimeout(idleId)
  }
}

/**
 * Ends the current task and resumes in a new one, so the page can paint and handle a tap between
 * two pieces of work (`scheduler.yield` where the browser has it: it resumes before other tasks).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
