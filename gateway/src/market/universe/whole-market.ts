import type { Simulator } from '../simulator'

/**
 * After start, the rest of the market is built in the background, at most SLICE_MS every
 * EVERY_MS (4 % of one core: on 2 cores shared with a browser, 25 ms slices doubled the watchlist
 * e2e test's long tasks), beginning BACKGROUND_AFTER_MS after start: the first seconds belong to
 * the phones connecting, and a test's gateway that lives a few seconds never pays for it.
 */
const BACKGROUND_AFTER_MS = 5_000
const SLICE_MS = 10
const EVERY_MS = 250
/** While someone waits for the whole market, slices run back to back, yielding between them. */
const WAITED_SLICE_MS = 20

export interface WholeMarket {
  /**
   * Resolves when every listing is built (and with `ranges`, has its 52-week range); builds the
   * rest now, in slices.
   */
  ready(ranges: boolean): Promise<void>
  start(): void
  stop(): void
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Builds the simulator's not yet built listings and their 52-week ranges (simulator.build): in the
 * background after start, and at once, slice by slice, for whoever awaits `ready()` (the rank
 * route needs the listings, the summary route their ranges too).
 */
export function wholeMarket(simulator: Simulator): WholeMarket {
  let timer: NodeJS.Timeout | null = null
  const waiting = new Map<boolean, Promise<void>>()

  // A clock jump can send codes back to be built again (simulator.ts), so the background keeps
  // looking: a step with nothing left to build costs a comparison.
  const background = () => {
    if (simulator.pending(true) > 0) simulator.build(SLICE_MS, true)
  }

  return {
    ready(ranges) {
      if (simulator.pending(ranges) === 0) return Promise.resolve()
      let promise = waiting.get(ranges)
      if (!promise) {
        promise = (async () => {
          while (simulator.build(WAITED_SLICE_MS, ranges) > 0) await yieldToEventLoop()
        })().finally(() => waiting.delete(ranges))
        waiting.set(ranges, promise)
      }
      return promise
    },
    start() {
      if (timer) return
      timer = setTimeout(() => {
        timer = setInterval(background, EVERY_MS)
        timer.unref()
      }, BACKGROUND_AFTER_MS)
      // The http server keeps the process alive; building the market alone must not.
      timer.unref()
    },
    stop() {
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
