import type { Kysely } from 'kysely'
import type { IpoStatus } from '@kabu/shared/api/ipo'
import { drawAllocations } from '@kabu/shared/market/ipo-draw'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { IpoSettings } from '../../config'
import type { Database } from '../../store/index'
import { audit } from '../common/audit'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import type { UserEvents } from '../common/user-events'
import type { Ledger } from '../ledger/index'
import * as d from './draw.sql'
import * as q from './ipo.sql'

export interface DrawDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  settings: IpoSettings
  userEvents: UserEvents
}

export interface DrawSummary {
  id: string
  entries: number
  lots_asked: number
  lots_won: number
  winners: number
}

/** What a draw did, for its answer and the operator's audit row. */
function summaryOf(
  offer: { id: bigint },
  result: { outcome: { won: bigint }[]; asked: bigint; given: bigint },
): DrawSummary {
  return {
    id: String(offer.id),
    entries: result.outcome.length,
    lots_asked: Number(result.asked),
    lots_won: Number(result.given),
    winners: result.outcome.filter((o) => o.won > 0n).length,
  }
}

/**
 * Runs an offer's draw once its subscription has closed: the revealed seed and the entries decide
 * the allocations (shared/market/ipo-draw.ts); every application is settled and every refund (and,
 * with IPO_PAYMENT=prefunded, every payment) is ONE ledger posting, in one SQL transaction with
 * the draw's claim. The users hear `ipo:drawn` after the commit.
 */
export function createDraw(deps: DrawDeps) {
  const { db, clock, ledger, settings } = deps
  const prefunded = settings.payment === 'prefunded'

  async function settleAll(trx: Kysely<Database>, offer: q.OfferRow, now: number) {
    const apps = await d.drawEntries(trx, offer.id)
    const won = new Map(
      drawAllocations(
        offer.seed,
        apps.map((a) => ({ ref: a.ref, lots: Number(a.lots) })),
        Number(offer.lots_offered),
      ).map((a) => [a.ref, BigInt(a.lots)]),
    )
    let houseIn = 0n
    const outcome: { app: (typeof apps)[number]; status: bigint; won: bigint }[] = []
    const winners: { id: bigint; lots: bigint }[] = []
    for (const app of apps) {
      const lots = won.get(app.ref) ?? 0n
      const status = lots === 0n ? q.LOST : prefunded ? q.PAID : q.PENDING
      if (status === q.PAID) houseIn += lots * offer.lot * offer.price
      outcome.push({ app, status, won: lots })
      if (lots > 0n) winners.push({ id: app.id, lots })
    }
    // The winners in one statement (their lots as array parameters), then every application still
    // awaiting this draw lost: one set-based UPDATE, however many they are.
    await d.settleWinners(trx, winners, {
      status: prefunded ? q.PAID : q.PENDING,
      now,
      settled: prefunded,
    })
    await d.settleLosers(trx, offer.id, now)
    if (apps.length > 0) {
      // The refunds (and prefunded payments) straight from the settled rows: ONE posting whose
      // lines never come into JavaScript, a fixed handful of statements however many they are.
      const currency = offer.currency as Currency
      await ledger.post(trx, {
        kind: 'ipo_draw',
        userId: null,
        orderNo: newOrderNo('IP', now),
        selected: d.drawLines(offer, now),
        postings:
          houseIn > 0n ? [{ account: { house: 'bank_clearing', currency }, amount: houseIn }] : [],
      })
    }
    const asked = apps.reduce((sum, a) => sum + a.lots, 0n)
    const given = [...won.values()].reduce((sum, lots) => sum + lots, 0n)
    await d.recordDrawTotals(trx, offer.id, asked, given)
    return { outcome, asked, given }
  }

  /**
   * Draws one offer; Refusal when it is not due yet, was drawn already, or does not exist. An
   * operator's draw (`operator` given) writes its audit row in the draw's own transaction.
   */
  async function draw(offerId: bigint, operator?: string): Promise<DrawSummary> {
    const offer = await q.offerById(db, offerId)
    if (!offer) throw new Refusal('not_found')
    if (offer.withdrawn_at !== null) throw new Refusal('ipo_withdrawn')
    if (offer.drawn_at !== null) throw new Refusal('ipo_drawn_already')
    const now = clock.now()
    if (now < Number(offer.subscribe_end)) throw new Refusal('ipo_draw_not_due')
    const result = await db.transaction().execute(async (trx) => {
      const claimed = await d.claimDraw(trx, offerId, now)
      if (!claimed) {
        // Drawn by another pass, or withdrawn by an operator while this one waited.
        const now = await q.offerById(trx, offerId)
        throw new Refusal(now?.withdrawn_at != null ? 'ipo_withdrawn' : 'ipo_drawn_already')
      }
      const settled = await settleAll(trx, claimed, now)
      if (operator !== undefined) {
        const after = summaryOf(offer, settled)
        const entry = {
          operator,
          action: 'ipo.draw',
          target: `ipo:${offer.id}`,
          before: null,
          after,
        }
        await audit(trx, entry, now)
      }
      return settled
    })
    // Committed: a screen that re-reads on this event sees the result.
    for (const { app, status, won } of result.outcome) {
      deps.userEvents.emit(app.user_id, {
        type: 'ipo:drawn',
        id: String(offer.id),
        code: offer.code,
        application: String(app.id),
        status: Number(status) as IpoStatus,
        won_num: Number(won * offer.lot),
      })
    }
    return summaryOf(offer, result)
  }

  return { draw }
}

export type Draw = ReturnType<typeof createDraw>
