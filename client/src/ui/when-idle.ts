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
