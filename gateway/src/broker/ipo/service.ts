import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { IpoApplication, IpoOffer, IpoPhase } from '@kabu/shared/api/ipo'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Market } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { MarketService } from '../../market/index'
import { isUniqueViolation, onPostgres, type Database } from '../../store/index'
import { requireVerified, type IdentityChecks } from '../common/identity-checks'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import type { SessionUser } from '../common/session-user'
import { newOrderNo } from '../common/order-no'
import { checkedIdempotent } from '../common/replayable'
import { Refusal } from '../common/refusal'
import type { Ledger } from '../ledger/index'
import * as q from './ipo.sql'
import { freezePostings, payPostings } from './postings'
import { applicationWire, costOf, offerWire, phaseAt } from './wire'

export interface IpoServiceDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  /** The code's last price once it trades (market_price). */
  market: Pick<MarketService, 'snapshot'>
  identityStatus: IdentityChecks['identityStatus']
  verifyFundPassword: IdentityChecks['verifyFundPassword']
  /** The user's own freeze of trading (the trust panel) refuses applications and payments. */
  selfFrozen: SelfFrozen
}

export type IpoService = ReturnType<typeof createIpoService>

type Holder = Pick<SessionUser, 'userId' | 'tradingBarred'>

/**
 * The user's side of new shares: the offers by phase, one application per offer (its amount
 * frozen), the user's records, and paying for or waiving won shares before the deadline.
 */
export function createIpoService(deps: IpoServiceDeps) {
  const { db, clock, ledger } = deps

  const wireOf = (offer: q.OfferRow, now: number): IpoOffer => {
    const quote = deps.market.snapshot(offer.code)
    return offerWire(offer, now, quote && quote.price > 0 ? String(quote.price) : null)
  }

  const offerToApply = async (id: bigint) => {
    const offer = await q.offerById(db, id)
    if (!offer) throw new Refusal('not_found')
    if (offer.withdrawn_at !== null) throw new Refusal('ipo_withdrawn')
    if (phaseAt(offer, clock.now()) !== 'subscribing') throw new Refusal('not_subscription_time')
    return offer
  }

  return {
    async list(market: Market, phase: IpoPhase): Promise<IpoOffer[]> {
      const now = clock.now()
      return (await q.offersInPhase(db, market, phase, now)).map((o) => wireOf(o, now))
    },

    async info(id: bigint): Promise<IpoOffer> {
      const offer = await q.offerById(db, id)
      if (!offer) throw new Refusal('not_found')
      return wireOf(offer, clock.now())
    },

    async subscribe(
      user: Holder,
      input: { id: bigint; num: number; idem: string },
    ): Promise<{ id: string }> {
      const { userId } = user
      const key = { userId, scope: 'ipo_subscribe', idem: input.idem, body: input }
      let lots = 0n
      const checks = async () => {
        // Spec §6: an account barred from trading may not apply for new shares either.
        await refuseIfHeld(deps.selfFrozen, db, user, 'ipo_subscribe')
        const offer = await offerToApply(input.id)
        requireVerified(await deps.identityStatus(db, userId))
        const num = BigInt(input.num)
        if (num % offer.lot !== 0n) throw new Refusal('lot_size')
        lots = num / offer.lot
        if (lots > offer.user_limit_lots) throw new Refusal('ipo_over_user_limit')
      }
      try {
        return await checkedIdempotent(db, key, checks, async (trx) => {
          const offer = await q.offerForApplying(trx, input.id, onPostgres(trx))
          // The window is read again inside the transaction: it may have closed meanwhile, or the
          // offer been withdrawn.
          if (offer?.withdrawn_at != null) throw new Refusal('ipo_withdrawn')
          if (!offer || phaseAt(offer, clock.now()) !== 'subscribing') {
            throw new Refusal('not_subscription_time')
          }
          if (await q.applicationFor(trx, userId, offer.id)) throw new Refusal('subscribed_already')
          const now = clock.now()
          const amount = lots * offer.lot * offer.price
          const orderNo = newOrderNo('IP', now)
          const id = await q.insertApplication(trx, {
            offer_id: offer.id,
            user_id: userId,
            order_no: orderNo,
            ref: randomBytes(6).toString('hex').toUpperCase(),
            lots,
            amount,
            created_at: now,
          })
          await ledger.post(trx, {
            kind: 'ipo_freeze',
            userId,
            orderNo,
            postings: freezePostings(userId, offer.currency as Currency, amount),
          })
          return { id: String(id) }
        })
      } catch (error) {
        // Two applications at once: the store's one-per-user constraint stopped the second.
        if (isUniqueViolation(error)) throw new Refusal('subscribed_already')
        throw error
      }
    },

    async records(userId: bigint, market: Market): Promise<IpoApplication[]> {
      return (await q.userApplications(db, userId, market)).map(applicationWire)
    },

    /** Pays for the won shares from available cash (IPO_PAYMENT=on_win), before the deadline. */
    async pay(
      user: Holder,
      input: { id: bigint; fundPassword: string | undefined; idem: string },
    ): Promise<{ id: string; paid: string }> {
      const { userId } = user
      const key = { userId, scope: 'ipo_pay', idem: input.idem, body: { id: String(input.id) } }
      const checks = async () => {
        // Paying buys the shares: held as the application was.
        await refuseIfHeld(deps.selfFrozen, db, user, 'ipo_pay')
        const app = await q.applicationOf(db, userId, input.id)
        if (!app) throw new Refusal('not_found')
        if (input.fundPassword !== undefined) {
          await deps.verifyFundPassword(db, userId, input.fundPassword)
        }
      }
      return checkedIdempotent(db, key, checks, async (trx) => {
        const { app, offer } = await payable(trx, userId, input.id, clock.now())
        const cost = costOf(app, offer)
        if (
          !(await q.settle(trx, app.id, q.PENDING, { status: q.PAID, settled_at: clock.now() }))
        ) {
          throw new Refusal('ipo_not_payable')
        }
        await ledger.post(trx, {
          kind: 'ipo_pay',
          userId,
          orderNo: app.order_no,
          postings: payPostings(userId, offer.currency as Currency, 'available', cost),
        })
        return { id: String(app.id), paid: formatUnits(cost) }
      })
    },

    /** Gives up the won shares before the deadline; nothing was held, so nothing moves. */
    async waive(
      userId: bigint,
      input: { id: bigint; fundPassword: string | undefined; idem: string },
    ): Promise<{ id: string }> {
      const key = { userId, scope: 'ipo_waive', idem: input.idem, body: { id: String(input.id) } }
      const checks = async () => {
        if (!(await q.applicationOf(db, userId, input.id))) throw new Refusal('not_found')
        if (input.fundPassword !== undefined) {
          await deps.verifyFundPassword(db, userId, input.fundPassword)
        }
      }
      return checkedIdempotent(db, key, checks, async (trx) => {
        const { app } = await payable(trx, userId, input.id, clock.now())
        const now = clock.now()
        if (!(await q.settle(trx, app.id, q.PENDING, { status: q.WAIVED, settled_at: now }))) {
          throw new Refusal('ipo_not_payable')
        }
        return { id: String(app.id) }
      })
    },
  }
}

/** A won application still waiting for payment, before its offer's deadline. */
async function payable(db: Kysely<Database>, userId: bigint, id: bigint, now: number) {
  const app = await q.applicationOf(db, userId, id)
  if (!app) throw new Refusal('not_found')
  const offer = await q.offerById(db, app.offer_id)
  if (!offer) throw new Refusal('not_found')
  if (app.status !== q.PENDING || now > Number(offer.pay_deadline)) {
    throw new Refusal('ipo_not_payable')
  }
  return { app, offer }
}
