/**
 * Issue 37's alert watcher (gateway/src/broker/alerts/): 100,000 active alerts of every kind over
 * the busiest Tokyo codes, then batches of quotes (one per code, as the market publishes a step).
 *   index   the threshold-sorted index alone (alert-index.ts), against the reference of the same
 *           run: every alert compared with its code's quote, one by one;
 *   pass    the leader's whole pass (watcher.ts) over a store holding the 100,000 rows: the read of
 *           the rows changed since the last pass, then the index, on SQLite (and PostgreSQL when
 *           TEST_DATABASE_URL is set); and the read of the whole table at the start of a lead.
 * Prints figures; asserts nothing.
 *
 *   npx tsx tests/load/alerts.ts [alerts] [codes] [batches]
 */
import { ALERT_KINDS } from '@kabu/shared/api/alerts'
import type { Quote } from '@kabu/shared/market/types'
import { AlertIndex, measureOf } from '../../gateway/src/broker/alerts/alert-index'
import { createAlertWatcher } from '../../gateway/src/broker/alerts/watcher'
import { randomStream } from '../../gateway/src/market/rng'
import { freshDatabase } from '../support/db'
import { median } from './median'
import { alertsOver, insertLoadAlerts, quoteOf } from './alerts-load'

const [alerts = 100_000, codes = 500, batches = 200] = process.argv.slice(2).map(Number)
const random = randomStream(1, 'alerts-bench')
const fmt = (ms: number) => `${ms.toFixed(3)} ms`
const summary = (ms: number[]) =>
  `median ${fmt(median(ms))}, p99 ${fmt([...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.99)]!)}, slowest ${fmt(Math.max(...ms))}`

const watched = alertsOver(alerts, codes, random)
// A random walk per code, a small step each batch: most quotes cross nothing.
const prices = new Map<string, number>()
for (let c = 0; c < codes; c++) prices.set(`C${c}`, 1_000)
const batch = (): Quote[] => {
  const quotes: Quote[] = []
  for (const [code, price] of prices) {
    const next = Math.max(1, price + Math.round(random.normal()))
    prices.set(code, next)
    quotes.push(quoteOf(code, next, 1_000_000 + Math.round(random.uniform() * 1_000_000)))
  }
  return quotes
}

function indexOnly(): void {
  const index = new AlertIndex()
  let started = performance.now()
  index.load(watched)
  const loadMs = performance.now() - started
  const live = new Map(watched.map((a) => [a.id, { ...a }]))
  const indexMs: number[] = []
  const scanMs: number[] = []
  let fired = 0
  for (let b = 0; b < batches; b++) {
    const quotes = batch()
    started = performance.now()
    for (const q of quotes) {
      const crossed = index.check(q)
      fired += crossed.fired.length
      // As the watcher does: a repeating alert goes back, waiting (or armed again).
      for (const a of [...crossed.fired, ...crossed.rearmed])
        if (a.repeat) index.put({ ...a, armed: !a.armed })
    }
    indexMs.push(performance.now() - started)
    // The reference: every alert against its code's quote.
    started = performance.now()
    const byCode = new Map(quotes.map((q) => [q.code, q]))
    for (const a of live.values()) {
      const m = measureOf(a.kind, byCode.get(a.code)!)
      if (m === undefined) continue
      const t = (a.kind === 'price_below' ? -1 : 1) * Number(a.value)
      if (a.armed === m >= t) {
        if (!a.repeat) live.delete(a.id)
        else a.armed = !a.armed
      }
    }
    scanMs.push(performance.now() - started)
  }
  console.log(`index: load ${fmt(loadMs)}; fired ${fired}, held ${index.size}`)
  console.log(`  a batch of ${codes} quotes: ${summary(indexMs)}`)
  console.log(`  the scan of every alert:   ${summary(scanMs)}`)
  console.log(`  ratio index/scan (medians): ${(median(indexMs) / median(scanMs)).toFixed(3)}`)
}

async function wholePass(label: string): Promise<void> {
  const database = await freshDatabase({ migrated: true })
  const store = database.openStore()
  try {
    await insertLoadAlerts(store.db, 'alr', watched)
    const last = new Map<string, Quote>()
    const watcher = createAlertWatcher({
      db: store.db,
      clock: { now: () => Date.now() },
      market: { onQuotes: () => () => undefined, snapshot: (code) => last.get(code) },
      userEvents: { emit: () => undefined },
      onError: (error) => {
        throw error
      },
    })
    let started = performance.now()
    await watcher.check()
    const loadMs = performance.now() - started
    const passMs: number[] = []
    for (let b = 0; b < Math.min(batches, 100); b++) {
      const quotes = batch()
      for (const q of quotes) last.set(q.code, q)
      started = performance.now()
      await watcher.check(quotes)
      passMs.push(performance.now() - started)
    }
    console.log(`pass on ${label}: the lead's first read of ${alerts} rows ${fmt(loadMs)}`)
    console.log(
      `  a pass (changed rows read, ${codes} quotes checked, fires written): ${summary(passMs)}`,
    )
  } finally {
    await store.close()
    await database.drop()
  }
}

console.log(
  `${alerts.toLocaleString('en')} alerts (${ALERT_KINDS.length} kinds) over ${codes} codes, ${batches} batches`,
)
indexOnly()
// freshDatabase picks PostgreSQL when TEST_DATABASE_URL is set: SQLite first without it.
const postgresUrl = process.env.TEST_DATABASE_URL
delete process.env.TEST_DATABASE_URL
await wholePass('SQLite')
if (postgresUrl) {
  process.env.TEST_DATABASE_URL = postgresUrl
  await wholePass('PostgreSQL')
}
