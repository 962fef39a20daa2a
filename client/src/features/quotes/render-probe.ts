declare global {
  interface Window {
    /** Set only by a test (Playwright's addInitScript) that wants render counts. */
    __kabuRenders?: Record<string, number>
  }
}

/**
 * Counts a render of `key` when a test asked for counts, so the load test can prove that a tick
 * re-renders only its own row. Production builds drop React's Profiler callbacks, hence a probe;
 * without a test it costs one property read.
 */
export function countRender(key: string): void {
  const counts = window.__kabuRenders
  if (counts) counts[key] = (counts[key] ?? 0) + 1
}
