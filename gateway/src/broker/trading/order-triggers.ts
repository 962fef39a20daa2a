import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { NisaBook } from '../common/nisa-book'
import { Refusal } from '../common/refusal'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import type { UserEvents } from '../common/user-events'
import type { Ledger } from '../ledger/index'
import { reaches } from './order-kinds'
import { checkLots, checkOrderPrice, sellLock, tradable } from './order-rules'
import { holdingById } from './trading.sql'
import { fillBuyOrder, fillSellOrder } from './order-fills'
import { endLinked, endOrder, lostRace, orderUpdated } from './order-settle'
import { seedUpdate } from './order-wire'
import { isLeg, moveOrder, type OrderRow } from './orders.sql'
import {
  keepBest,
  orderById,
  triggersChangedSince,
  waitingTriggers,
  type TriggerRow,
} from './order-triggers.sql'
import type { Prints } from './prints'
import { TriggerIndex } from './trigger-index'
import type { TaxBook } from '../common/tax-book'

export interface TriggerDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: Pick<MarketService, 'listing' | 'snapshot'>
  settings: TradingSettings
  selfFrozen: SelfFrozen
  userEvents: UserEvents
  /** A fired NISA buy fills into, or is refused by, its growth frame. */
  nisa: NisaBook
  tax: TaxBook
}

/**
 * How far back, before the newest change it has read, the index reads again: a stop written by
 * another gateway whose clock is behind, or whose transaction commits late, is still read.
 */
const SKEW_MS = 10_000n

/**
 * Stops, stop-limits and trailing stops (逆指値, MARKET-RULES.md §8), fired on the leader from the
 * prints the matcher hears, so they work with the app closed. The waiting orders are held in a
 * price-sorted index (trigger-index.ts) that is filled from the orders table at the first pass and
 * then follows the stop orders any gateway placed, amended or ended (read by their change time).
 *
 * A fired order passes a new order's checks (trading not barred or frozen, listed and in session,
 * lots, its limit on the grid and inside the day's limits) and then trades as the order it
 * becomes: a stop or a trailing stop at the print that fired it, a stop-limit at that print if it
 * crosses its limit or else resting at its limit. An order that fails a check, or a buy whose
 * cost at the print is more than its frozen and available cash, is `refused` with the key: its cash
 * is free again, its holding held again.
 */
export function createTriggers(deps: TriggerDeps) {
  const { db, clock, ledger, settings, userEvents, nisa, tax } = deps
  const index = new TriggerIndex()
  /** The change time each held order was indexed at: a row read again unchanged is skipped. */
  const held = new Map<string, bigint>()
  /** Each held trailing stop's best price as the orders table has it. */
  const bests = new Map<string, bigint>()
  let since: bigint | null = null

  function drop(id: string): void {
    index.remove(id)
    held.delete(id)
    bests.delete(id)
  }

  function hold(o: TriggerRow): void {
    const id = String(o.id)
    // An IFD's stop exit waits for its entry to fill before it has shares to sell.
    if (o.status !== 'waiting' || (o.side === 'sell' && o.holding_id === null)) return drop(id)
    if (held.get(id) === o.updated_at) return
    held.set(id, o.updated_at)
    if (o.kind === 'trailing') {
      const best = o.best_price as bigint
      index.addTrailing(id, o.code, o.side, o.trail as bigint, best)
      bests.set(id, best)
    } else index.addStop(id, o.code, o.side, o.trigger_price as bigint)
  }

  /**
   * Writes the best prices that prints moved, so a trailing stop's trigger survives a restart and
   * its order shows where it stands. The order's change time stays: a new best amends nothing.
   */
  async function keepBests(): Promise<void> {
    const moved = new Map<bigint, bigint[]>()
    for (const [id, written] of bests) {
      const best = index.bestOf(id)
      if (best === undefined || best === written) continue
      bests.set(id, best)
      moved.set(best, [...(moved.get(best) ?? []), BigInt(id)])
    }
    for (const [best, ids] of moved) await keepBest(db, ids, best)
  }

  /** Brings the index up to the orders table: every waiting stop at first, then what changed. */
  async function sync(): Promise<void> {
    const rows =
      since === null ? await waitingTriggers(db) : await triggersChangedSince(db, since - SKEW_MS)
    let newest = since ?? BigInt(clock.now())
    for (const o of rows) {
      hold(o)
      if (o.updated_at > newest) newest = o.updated_at
    }
    since = newest
  }

  /** The checks a fired order passes as a new one would; throws the Refusal that fails it. */
  async function check(o: OrderRow): Promise<void> {
    const user = await db
      .selectFrom('users')
      .select('trading_barred')
      .where('id', '=', o.user_id)
      .executeTakeFirstOrThrow()
    const holder = { userId: o.user_id, tradingBarred: user.trading_barred === 1n }
    await refuseIfHeld(deps.selfFrozen, db, holder, o.side === 'buy' ? 'stock_buy' : 'stock_sell')
    const t = tradable(deps.market, o.code)
    checkLots(t.listing, Number(o.num))
    checkOrderPrice(t, o.price, o.side)
  }

  /**
   * Opens a fired order and trades it at `print` if it can, in one transaction; an OCO's other
   * leg is cancelled as its stop fires. Returns its status after and the orders of its group it
   * moved, or undefined when something else moved it first (a cancel, a lapse, another leader).
   */
  async function trade(o: OrderRow, print: bigint, now: number) {
    return db.transaction().execute(async (trx) => {
      const s = { db: trx, ledger, settings, nisa, tax }
      if (!(await moveOrder(trx, o, { status: 'open' }, now))) return undefined
      const open = { ...o, status: 'open' as const, updated_at: BigInt(now) }
      const others = isLeg(o) ? await endLinked(s, open, 'cancelled', now) : []
      // At the market, or a limit the print crosses (a buy's at or under it, a sell's at or over).
      const crosses = o.price === null || reaches(o.side === 'buy' ? 'sell' : 'buy', o.price, print)
      if (!crosses) return { status: 'open' as const, others }
      // Fired, it trades as a market order would: whole, at the print.
      const fill = o.side === 'buy' ? fillBuyOrder : fillSellOrder
      const filled = await fill(s, open, print, o.num, now)
      if (!filled) throw new Error(`order ${o.id} moved inside its own fire`)
      return { status: 'filled' as const, others: [...others, ...filled.others] }
    })
  }

  /** Fires one order the index popped at `print`, from a print at `at`. */
  async function fire(id: bigint, print: bigint, at: number): Promise<boolean> {
    const o = await orderById(db, id)
    if (o?.status !== 'waiting') return false
    // Placed or amended after this print, or shares not yet sellable (an IFD's exit within the
    // sell lock): it waits for a later print.
    const h =
      o.side === 'sell' && o.holding_id !== null ? await holdingById(db, o.holding_id) : null
    const locked = h ? sellLock(h, settings.sellLockMinutes, clock.now()) : undefined
    if (Number(o.updated_at) > at || locked) {
      hold(o)
      return false
    }
    const now = clock.now()
    let status: 'open' | 'filled' | 'refused' | undefined
    let others: OrderRow[] = []
    try {
      await check(o)
      const traded = await trade(o, print, now)
      status = traded?.status
      others = traded?.others ?? []
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      if (error.key === 'order_not_holding') return false
      const refused = await db
        .transaction()
        .execute((trx) =>
          endOrder({ db: trx, ledger, settings, nisa, tax }, o, 'refused', now, error.key),
        )
        .catch(lostRace)
      status = refused ? 'refused' : undefined
      others = refused ?? []
    }
    if (status === undefined) return false
    for (const other of others) userEvents.emit(other.user_id, orderUpdated(other))
    // Committed: a screen that reads again on these events sees the change.
    const filled = status === 'filled'
    const updated = orderUpdated({
      ...o,
      status,
      filled_num: filled ? o.num : 0n,
      filled_value: filled ? print * o.num : 0n,
    })
    // A stop now working at the market: the user is told it fired (issue 37's notification).
    userEvents.emit(o.user_id, status === 'open' ? { ...updated, fired: true } : updated)
    if (filled) userEvents.emit(o.user_id, seedUpdate(o, 'filled'))
    if (status === 'refused' && o.side === 'sell')
      userEvents.emit(o.user_id, seedUpdate(o, 'cancelled'))
    return true
  }

  return {
    /** Fires the stops that `prints` reach, oldest print first; returns how many moved. */
    async fire(prints: Prints): Promise<number> {
      await sync()
      let moved = 0
      for (const [code, list] of prints) {
        for (const p of list) {
          for (const id of index.onPrint(code, p.price)) {
            drop(id)
            if (await fire(BigInt(id), p.price, p.at)) moved++
          }
        }
      }
      await keepBests()
      return moved
    },
    /** How many stops the index holds (the benchmark's and the tests' view). */
    // eslint-disable-next-line no-restricted-syntax -- the index is made once a gateway
    get size() {
      return index.size
    },
  }
}

export type Triggers = ReturnType<typeof createTriggers>
