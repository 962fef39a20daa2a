import { useEffect } from 'react'

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

/**
 * Runs `load` at the user's first tap or key on the page while mounted: for code the page itself
 * never needs but the next screen does (the other login form, MUI's theme past home). Work done
 * on idle instead would land in the seconds the page is first used; a tap comes some 100 ms
 * before its click, time the download gets ahead. `load` must be stable (module level).
 */
export function useOnFirstInput(load: (() => unknown) | undefined): void {
  useEffect(() => {
    if (!load) return undefined
    const stop = () => {
      window.removeEventListener('pointerdown', run)
      window.removeEventListener('keydown', run)
    }
    const run = () => {
      stop()
      void load()
    }
    window.addEventListener('pointerdown', run)
    window.addEventListener('keydown', run)
    return stop
  }, [load])
}
