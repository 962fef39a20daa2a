import type { Quote } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import type { Simulator } from '../simulator'
import type { QuoteSource } from './types'

/** How often the simulator plays its prints up to the clock's now. */
const STEP_MS = 250
/** Without a step for this long, the simulator has stopped (a stalled event loop). */
const STALE_AFTER_MS = 3_000

/** The simulator's source: a QuoteSource that can also say it holds its prices. */
export interface SimulatorSource extends QuoteSource {
  /** Prices already played up to a time the clock has been moved back from: held until then. */
  heldUntil(): number | undefined
  /**
   * Whether its prints go to its listeners (from the start). Off, it keeps playing the market up
   * to the clock's now, so bars, depth and tape move on and it stays live, but prints nothing: a
   * follower of a cluster, which serves the leader's quotes (issue 16).
   */
  publishing(on: boolean): void
  /** Plays the market up to the clock's now at once, not at the next step (the clock moved). */
  playNow(): void
}

/** QUOTE_SOURCE=simulator, and the source behind every code no real source carries. */
export function simulatorSource(
  simulator: Simulator,
  clock: Clock,
  logger: Logger,
): SimulatorSource {
  const listeners = new Set<(quotes: Quote[]) => void>()
  let timer: NodeJS.Timeout | null = null
  let lastStepWall = performance.now()
  let latest = clock.now()
  let publish = true

  const step = () => {
    lastStepWall = performance.now()
    const now = clock.now()
    latest = Math.max(latest, now)
    const quotes = simulator.advance(now, publish)
    if (quotes.length === 0) return
    for (const listener of listeners) {
      try {
        listener(quotes)
      } catch (error) {
        logger.error({ err: error }, 'quote listener failed')
      }
    }
  }

  return {
    kind: 'simulator',
    label: 'simulator',
    carries: () => true,
    onQuotes(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    isLive: () => timer !== null && performance.now() - lastStepWall <= STALE_AFTER_MS,
    heldUntil: () => (clock.now() < latest ? latest : undefined),
    publishing(on) {
      publish = on
    },
    playNow: step,
    lag() {
      let lastPrint = 0
      for (const sim of simulator.instruments.values())
        lastPrint = Math.max(lastPrint, sim.lastPrintAt)
      return Math.max(0, clock.now() - lastPrint)
    },
    start() {
      if (timer) return
      lastStepWall = performance.now()
      timer = setInterval(step, STEP_MS)
      // The http server keeps the process alive; the simulator alone must not.
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
