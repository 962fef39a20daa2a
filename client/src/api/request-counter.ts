/**
 * Counts requests in flight and reports only the edges (idle → busy, busy → idle), so the loading
 * toast appears once for overlapping requests and clears when the last one finishes (spec §8).
 */
export function createRequestCounter(onBusyChange: (busy: boolean) => void) {
  let inFlight = 0
  return {
    /** Call when a request starts; call the returned function exactly once when it settles. */
    begin(): () => void {
      inFlight += 1
      if (inFlight === 1) onBusyChange(true)
      let ended = false
      return () => {
        if (ended) return
        ended = true
        inFlight -= 1
        if (inFlight === 0) onBusyChange(false)
      }
    },
    get inFlight() {
      return inFlight
    },
  }
}
