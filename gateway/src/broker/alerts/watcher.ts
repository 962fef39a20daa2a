import type { Kysely } from 'kysely'
import { ALERT_KINDS, type AlertKind } from '@kabu/shared/api/alerts'
import type { Quote } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { LeaderJob } from '../common/broker-area'
import type { UserEvents } from '../common/user-events'
import { unitsToWire } from '../common/wire-money'
import { AlertIndex, type Watched } from './alert-index'
import { noteCrossings, type Crossings, type PassCrossings } from './crossings'
import {
  alertsByIds,
  alertsChangedSince,
  recordCrossings,
  watchedAlerts,
  type AlertRow,
} from './alerts.sql'
import { valueToWire } from './service'

export interface AlertWatcherDeps {
  db: Kysely<Database>
  clock: Clock
  market: Pick<MarketService, 'onQuotes' | 'snapshot'>
  userEvents: UserEvents
  onError: (error: unknown) => void
}

/**
 * How far back, before the newest change it has read, the watcher reads again: an alert written by
 * another gateway whose clock is behind, or whose transaction commits late, is still read (as the
 * stop orders' index does, trading/order-triggers.ts).
 */
const SKEW_MS = 10_000n

/** Rows read at a time at the start of a lead. */
const LOAD_PAGE = 5_000

/**
 * The least time between the starts of two passes the market's batches call for. Each batch is
 * still checked, quote by quote in order, but batches that come faster are checked together: a
 * pass's read of the changed rows is synchronous on SQLite, and a feed publishing every few
 * milliseconds ran one back to back on the tick path's event loop.
 */
const PASS_GAP_MS = 100

/**
 * The kind as the shared constant, not the driver's fresh string: the index compares it with
 * literals for every quote, and two interned strings compare by identity, others by content.
 */
const kindOf = (kind: AlertRow['kind']): AlertKind => ALERT_KINDS.find((k) => k === kind) ?? kind

const watchedOf = (row: AlertRow): Watched => ({
  id: row.id.toString(),
  userId: row.user_id,
  code: row.code,
  kind: kindOf(row.kind),
  value: row.value,
  repeat: row.repeat === 1n,
  armed: row.armed === 1n,
})

/**
 * The leader's alert watcher (issue 37): on every batch of quotes the market publishes it checks the
 * alerts of the codes in it against a threshold-sorted index (alert-index.ts), writes each alert's
 * crossings with a conditional UPDATE from the state it held (alerts.sql.ts `recordCrossings`),
 * and after the commit pushes `alert:triggered` to the user.
 *
 * The index is read whole at the start of a lead, then follows the rows any gateway changed (add,
 * delete, pause, a fire by an overlapping leader) by their change time at each pass: one indexed
 * read that works the same on both stores, as the stop orders' index does. A new or changed alert
 * is checked at once against its code's last quote, so a condition already true fires without
 * waiting for a print. A pass runs off the tick path: the listener only queues the batch.
 */
export function createAlertWatcher(deps: AlertWatcherDeps) {
  const { db, clock, market, userEvents } = deps
  const index = new AlertIndex()
  /** The change time each held alert was indexed at: a row read again unchanged is skipped. */
  const held = new Map<string, bigint>()
  let since: bigint | null = null
  let waiting: Quote[][] = []
  let running: Promise<void> | null = null
  let unsubscribe: (() => void) | null = null
  /** When the last pass began (performance.now()), and the timer of the next one the market asked. */
  let passedAt = -Infinity
  let due: ReturnType<typeof setTimeout> | null = null

  /** Takes `row` in, or out when it is no longer watched; its code when the index changed. */
  function hold(row: AlertRow): string | undefined {
    const id = row.id.toString()
    if (row.status !== 'active' || row.deleted_at !== null) {
      held.delete(id)
      return index.remove(id) ? row.code : undefined
    }
    if (held.get(id) === row.updated_at && index.get(id)) return undefined
    held.set(id, row.updated_at)
    index.put(watchedOf(row))
    return row.code
  }

  /** Brings the index up to the table; the codes whose alerts are new or changed. */
  async function sync(): Promise<Set<string>> {
    const fresh = new Set<string>()
    if (since === null) {
      let newest = BigInt(clock.now())
      held.clear()
      index.clear()
      // Page by page: SQLite's driver reads synchronously, and ticks wait for each read.
      const loaded: Watched[] = []
      for (let after = 0n; ;) {
        const rows = await watchedAlerts(db, after, LOAD_PAGE)
        for (const row of rows) {
          loaded.push(watchedOf(row))
          held.set(row.id.toString(), row.updated_at)
          fresh.add(row.code)
          if (row.updated_at > newest) newest = row.updated_at
        }
        if (rows.length < LOAD_PAGE) break
        after = rows[rows.length - 1]!.id
      }
      index.load(loaded)
      since = newest
      return fresh
    }
    const rows = await alertsChangedSince(db, since - SKEW_MS)
    for (const row of rows) {
      const code = hold(row)
      if (code !== undefined) fresh.add(code)
      if (row.updated_at > since) since = row.updated_at
    }
    return fresh
  }

  /** Writes the pass's crossings in one transaction, then tells the users what fired. */
  async function record(crossings: PassCrossings): Promise<void> {
    if (crossings.size === 0) return
    const now = clock.now()
    const moved: Crossings[] = []
    const lost: bigint[] = []
    await db.transaction().execute(async (trx) => {
      for (const c of crossings.values()) {
        const last = c.fires[c.fires.length - 1]
        const ok = await recordCrossings(trx, {
          id: BigInt(c.alert.id),
          from: c.from,
          to: c.alert.armed,
          oneShot: !c.alert.repeat,
          fires: c.fires.length,
          price: last?.price ?? null,
          at: last?.at ?? null,
          now,
        })
        if (ok) moved.push(c)
        else lost.push(BigInt(c.alert.id))
      }
    })
    // Committed: the list a user opens on this event shows the alert fired.
    for (const c of moved) {
      held.set(c.alert.id, BigInt(now))
      const { id, userId, code, kind, value } = c.alert
      for (const fire of c.fires) {
        userEvents.emit(userId, {
          type: 'alert:triggered',
          id,
          code,
          kind,
          value: valueToWire(kind, value),
          price: unitsToWire(fire.price),
          at: fire.at,
        })
      }
    }
    // Something moved them first (a pause, a delete, another leader): held as the table has them.
    if (lost.length > 0) {
      for (const id of lost) {
        index.remove(id.toString())
        held.delete(id.toString())
      }
      for (const row of await alertsByIds(db, lost)) hold(row)
    }
  }

  /** One pass: the changes first, then the new alerts against their last quote, then the batches. */
  async function pass(batches: Quote[][]): Promise<void> {
    passedAt = performance.now()
    const fresh = await sync()
    const at = clock.now()
    const crossings: PassCrossings = new Map()
    for (const code of fresh) {
      const quote = market.snapshot(code)
      if (quote) noteCrossings(index, quote, at, crossings)
    }
    for (const batch of batches) {
      for (const quote of batch) noteCrossings(index, quote, at, crossings)
    }
    try {
      await record(crossings)
    } catch (error) {
      // The index moved ahead of a write that failed: the next pass reads the table afresh.
      since = null
      throw error
    }
  }

  async function drain(): Promise<void> {
    for (;;) {
      const batches = waiting
      waiting = []
      await pass(batches).catch((error: unknown) => deps.onError(error))
      if (waiting.length === 0) return
      // What came during the pass waits out the gap, joined by what comes meanwhile.
      const wait = passedAt + PASS_GAP_MS - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }

  const run = () =>
    (running ??= drain().finally(() => {
      running = null
    }))

  /** A pass for the market's batches: now, or PASS_GAP_MS after the last one began. */
  function soon(): void {
    if (due) return
    const wait = passedAt + PASS_GAP_MS - performance.now()
    if (wait <= 0) void run()
    else
      due = setTimeout(() => {
        due = null
        void run()
      }, wait)
  }

  const job: LeaderJob & {
    check: (quotes?: Quote[]) => Promise<void>
    codes: () => string[]
    readonly size: number
  } = {
    start() {
      since = null
      unsubscribe ??= market.onQuotes((quotes) => {
        waiting.push(quotes)
        soon()
      })
      // The lead begins with the whole table, checked against the last quotes.
      void run()
    },
    /** Stops listening and waits for the pass in flight, so the store can close under it. */
    async stop() {
      unsubscribe?.()
      unsubscribe = null
      if (due) clearTimeout(due)
      due = null
      await running
      waiting = []
    },
    /**
     * A pass over `quotes` now, after the one in flight (tests drive prices through this; with no
     * quotes it takes in the table's changes and checks them against the last quotes).
     */
    async check(quotes: Quote[] = []) {
      await running
      waiting.push(quotes)
      await run()
    },
    /**
     * The codes of the alerts watched now (on the leader, which runs this job): a streaming feed
     * carries them after what phones watch (issue 38), so an alert is checked on the feed's price.
     */
    codes: () => [...index.codesHeld()],
    /** How many alerts the index holds. */
    // eslint-disable-next-line no-restricted-syntax -- the watcher is made once a gateway
    get size() {
      return index.size
    },
  }
  return job
}

export type AlertWatcher = ReturnType<typeof createAlertWatcher>
