/**
 * The `hub+alerts` setup's second listener (issue 37): the leader's alert watcher
 * (gateway/src/broker/alerts/watcher.ts) on the same synthetic market as the /quotes hub, in the
 * same process, over a store holding 100,000 active alerts built as tests/load/alerts.ts builds
 * them. What the hub's lag and the server's CPU gain beside the plain `hub` is what the watcher
 * costs the tick path: its listener queues each batch, its pass (the changed rows read, the index
 * checked, the crossings written) runs on the same event loop as the hub's frames.
 */
import type { Watched } from '../../../gateway/src/broker/alerts/alert-index'
import { createAlertWatcher } from '../../../gateway/src/broker/alerts/watcher'
import { randomStream } from '../../../gateway/src/market/rng'
import { freshDatabase } from '../../support/db'
import { alertsOver, insertLoadAlerts } from '../alerts-load'
import type { SyntheticMarket } from './synthetic-market'
import { syntheticCode } from './synthetic-market'

/** As alerts.ts: 100,000 alerts over the 500 busiest codes. */
const ALERTS = 100_000
const CODES = 500

/**
 * alertsOver's thresholds sit 3–12 % around a 1,000 yen price: moved to each code's own previous
 * close, so the random walk crosses a few rather than firing every price alert at the first quote.
 */
function alertsOnMarket(market: SyntheticMarket): Watched[] {
  const service = market.service()
  return alertsOver(ALERTS, CODES, randomStream(1, 'fanout-alerts'), syntheticCode).map((a) => {
    if (a.kind !== 'price_above' && a.kind !== 'price_below') return a
    const close = service.snapshots([a.code])[0]!.prevClose
    return { ...a, value: (a.value * BigInt(Math.round(close))) / 1_000n }
  })
}

/**
 * Seeds a fresh store (SQLite, or PostgreSQL when TEST_DATABASE_URL is set), starts the watcher on
 * `market` as a leader does and waits for its first read of the table, so the measured stretches
 * hold its per-batch passes only. `fired` counts the `alert:triggered` events it pushed.
 */
export async function startAlertWatcher(market: SyntheticMarket) {
  const database = await freshDatabase({ migrated: true })
  const store = database.openStore()
  await insertLoadAlerts(store.db, 'fan', alertsOnMarket(market))
  const service = market.service()
  let fired = 0
  const watcher = createAlertWatcher({
    db: store.db,
    clock: { now: () => Date.now() },
    market: {
      onQuotes: (listener) => service.onQuotes(listener),
      snapshot: (code) => service.snapshots([code])[0],
    },
    userEvents: { emit: () => void fired++ },
    onError: (error) => console.error('alert watcher:', error),
  })
  watcher.start()
  await watcher.check()
  return {
    held: watcher.size,
    fired: () => fired,
    stop: async () => {
      await watcher.stop()
      await store.close()
      await database.drop()
    },
  }
}
