import type { Quote } from '@kabu/shared/market/types'
import type { MarketService } from '../../gateway/src/market/index'

/**
 * A test-only quote feed for a real gateway: call it on `app.market` before `app.start()` and the
 * quotes hub (and anything else that listens) hears only the quotes the test pushes, at whatever
 * pace the test wants. Everything else stays real: the simulator still answers snapshots, status
 * and bars, and the hub still conflates and fans out. A pushed quote must carry a `seq` above the
 * snapshot's, as a real source's would.
 */
export function takeOverQuotes(market: MarketService): { push(quotes: Quote[]): void } {
  const listeners = new Set<(quotes: Quote[]) => void>()
  market.onQuotes = (listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  return {
    push(quotes) {
      for (const listener of listeners) listener(quotes)
    },
  }
}
