import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { IPO_STATUS } from '@kabu/shared/api/ipo'
import { drawCommitment } from '@kabu/shared/market/ipo-draw'
import type { Market } from '@kabu/shared/market/types'
import { unitsToPrice } from '@kabu/shared/money/units'
import type { Clock } from '../../clock'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { Messages } from '../common/messages'
import { Refusal } from '../common/refusal'
import type { UserEvents } from '../common/user-events'
import { simulatedOffers, type SimulatedOffer } from './calendar'
import type { Draw } from './draw'
import * as q from './ipo.sql'
import { periodicJob } from '../common/periodic-job'

export interface IpoJobDeps {
  db: Kysely<Database>
  clock: Clock
  draw: Draw
  /** A lapse at the deadline tells the user: a message, and `ipo:waived` after the commit. */
  messages: Messages
  userEvents: UserEvents
  /** Where a listed offer becomes a code that quotes and trades. */
  market: Pick<MarketService, 'addDebut'>
  /** The simulator's listing pipeline: the market seed, or null for no simulated offers. */
  simulatorSeed: number | null
  everyMs: number
  onError: (error: unknown) => void
}

/** A fresh secret seed for an offer's draw: 32 random bytes, hex. */
export function newDrawSeed(): { seed: string; commitment: string } {
  const seed = randomBytes(32).toString('hex')
  return { seed, commitment: drawCommitment(seed) }
}

/**
 * The row of a simulated offer first written at `now`. One whose lottery has passed already had no
 * applications (nobody could apply to a row that did not exist), so it is written drawn as its
 * draw would leave it (drawn now, nothing asked, nothing won), its seed revealed as a draw reveals
 * it: a gateway's first pass wrote dozens of such offers and drew each in a transaction of its own.
 */
function simulatedRow(o: SimulatedOffer, now: number): q.NewOffer {
  const drawn = o.lotteryAt <= now ? { drawn_at: now, lots_asked: 0n, lots_won: 0n } : {}
  return {
    ...drawn,
    source_key: o.sourceKey,
    code: o.code,
    market: o.market,
    currency: o.currency,
    name_ja: o.name.ja,
    name_zh: o.name.zh,
    name_en: o.name.en,
    price: o.price,
    lot: o.lot,
    user_limit_lots: o.userLimitLots,
    lots_offered: o.lotsOffered,
    subscribe_start: o.subscribeStart,
    subscribe_end: o.subscribeEnd,
    lottery_at: o.lotteryAt,
    pay_deadline: o.payDeadline,
    listing_at: o.listingAt,
    underwriter: o.underwriter,
    pe: o.pe,
    summary_ja: o.summary.ja,
    summary_zh: o.summary.zh,
    summary_en: o.summary.en,
    simulated: 1,
    ...newDrawSeed(),
    created_by: null,
    created_at: now,
  }
}

/**
 * Hands the market every offer whose listing day has come, once per gateway: a code that quotes
 * and trades. Every gateway of a cluster runs it (`debutJob`), since each serves listings and
 * bars from its own market; the leader's IPO job runs it first on listing day.
 */
function debutLister(db: Kysely<Database>, market: Pick<MarketService, 'addDebut'>) {
  // The offers this gateway has handed to the market as listed.
  const listed = new Set<bigint>()
  return async (now: number): Promise<void> => {
    for (const offer of await q.listedOffers(db, now)) {
      if (listed.has(offer.id)) continue
      market.addDebut({
        code: offer.code,
        market: offer.market as Market,
        name: { ja: offer.name_ja, zh: offer.name_zh, en: offer.name_en },
        offerPrice: unitsToPrice(Number(offer.price)),
        lot: Number(offer.lot),
        lotsOffered: Number(offer.lots_offered),
        listingAt: Number(offer.listing_at),
      })
      listed.add(offer.id)
    }
  }
}

/** The listings alone, for a gateway that follows (the leader's IPO job lists them too). */
export function createDebutJob(
  deps: Pick<IpoJobDeps, 'db' | 'clock' | 'market' | 'everyMs' | 'onError'>,
) {
  const list = debutLister(deps.db, deps.market)
  return periodicJob(() => list(deps.clock.now()), { ...deps, runAtStart: true })
}

/**
 * What the clock makes happen to new shares, one pass at a time: the simulator's offers appear,
 * offers are drawn at their lottery time, unpaid winners lapse after the deadline (and are told), and on
 * listing day the code starts trading in the market and paid shares become holdings. Started and stopped with the app, like the matcher.
 */
export function createIpoJobs(deps: IpoJobDeps) {
  const { db, clock } = deps
  // The simulator's slots this gateway has written (or found written): each pass writes new ones only.
  const written = new Set<string>()
  const list = debutLister(db, deps.market)

  /**
   * A winner left unpaid past the deadline lapses (status 7, not 6: the user waived nothing); the
   * user gets a message in the same transaction and `ipo:waived` after it, as the draw tells its
   * result (nothing was held, so nothing moves). One paid or waived by the user meanwhile is left
   * alone.
   */
  async function lapseOverdue(app: q.Overdue, now: number): Promise<void> {
    const lapsed = await db.transaction().execute(async (trx) => {
      if (!(await q.settle(trx, app.id, q.PENDING, { status: q.LAPSED, settled_at: now }))) {
        return false
      }
      await deps.messages.send(trx, {
        userId: app.user_id,
        title: 'ipo.waived.title',
        summary: 'ipo.waived.summary',
        params: { code: app.code, num: String(app.won_lots * app.lot) },
      })
      return true
    })
    if (!lapsed) return
    deps.userEvents.emit(app.user_id, {
      type: 'ipo:waived',
      id: String(app.offer_id),
      code: app.code,
      application: String(app.id),
      status: IPO_STATUS.lapsed,
    })
  }

  async function pass(): Promise<void> {
    const now = clock.now()
    if (deps.simulatorSeed !== null) {
      const fresh = simulatedOffers(deps.simulatorSeed, now).filter(
        (o) => !written.has(o.sourceKey),
      )
      await q.insertOffers(
        db,
        fresh.map((offer) => simulatedRow(offer, now)),
      )
      for (const offer of fresh) written.add(offer.sourceKey)
    }
    // In batches until none is due (a clock moved far ahead has many); one refused (an operator
    // drew it first, or the clock was moved back meanwhile) is not tried again in this pass.
    const tried = new Set<bigint>()
    for (;;) {
      const due = (await q.dueDraws(db, now)).filter(({ id }) => !tried.has(id))
      if (due.length === 0) break
      for (const { id } of due) {
        tried.add(id)
        await deps.draw.draw(id).catch((error: unknown) => {
          if (!(error instanceof Refusal)) throw error
        })
      }
    }
    for (const app of await q.overdue(db, now)) await lapseOverdue(app, now)
    // The code quotes before the holdings appear, so a position never shows without a price.
    await list(now)
    for (const listing of await q.dueListings(db, now)) {
      await db.transaction().execute((trx) => q.insertListedHolding(trx, listing))
    }
  }

  return periodicJob(pass, { ...deps, runAtStart: true })
}

export type IpoJobs = ReturnType<typeof createIpoJobs>
