import { randomUUID } from 'node:crypto'
import type { IpoApplication, IpoOffer, IpoPhase } from '@kabu/shared/api/ipo'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Kit } from '../model'
import { caller, moveClockTo } from './live'

/**
 * The world an IPO path starts in, made through the back office as an operator makes it: an
 * offer of its own (`POST /api/ops/ipo`) before, in or after its subscription window, and the
 * path's user's application to it awaiting the draw, drawn (`POST /api/ops/ipo/:id/draw` once the
 * clock passed the window), paid, waived, lapsed (the clock past the payment deadline, the IPO job
 * lapses it) or failed (`POST /api/ops/ipo/:id/cancel`). A lost application (status 3) needs a
 * second applicant: the offer has one lot, so with two kit accounts each asking one lot the draw
 * (its seed the gateway's secret) gives it to exactly one; which one lost is read from the gateway.
 */

/** What a load finds: the offer's phase and the user's application's status (null: none). */
export interface Start {
  phase: IpoPhase
  status: IpoApplication['status'] | null
}

const MINUTE = 60_000
export const PRICE = '1500'
export const SHARES = '100'
export const WITHDRAWN_REASON = 'underwriter withdrew'

/** An offer's times, from the gateway's clock; the draw and the deadline come by moved clock. */
export interface OfferTimes {
  subscribe_start: number
  subscribe_end: number
  lottery_at: number
  pay_deadline: number
  listing_at: number
}

function timesFor(phase: IpoPhase, now: number): OfferTimes {
  // Listed a month on: no path's moves of the clock turn its shares into a market listing.
  const listing_at = now + 30 * 24 * 60 * MINUTE
  const start =
    phase === 'pre' ? now + 60 * MINUTE : phase === 'ended' ? now - 120 * MINUTE : now - MINUTE
  const end =
    phase === 'pre' ? now + 120 * MINUTE : phase === 'ended' ? now - 60 * MINUTE : now + 5 * MINUTE
  // The lottery well after the close: the kit's operator draws first, never the job.
  const lottery = Math.max(end, now) + 10 * MINUTE
  return {
    subscribe_start: start,
    subscribe_end: end,
    lottery_at: lottery,
    pay_deadline: lottery + 10 * MINUTE,
    listing_at,
  }
}

/**
 * One lot offered: the path's user, alone in the draw, wins it; with a rival of the kit's asking
 * one lot too, one of the two wins it and the other loses (the draw hands out lots, one per entry
 * per pass, until they run out: never both).
 */
async function postOffer(kit: Kit, times: OfferTimes): Promise<IpoOffer> {
  const code = `QA${randomUUID().replace(/-/g, '').slice(0, 8)}`
  return kit.target.ops<IpoOffer>('POST', '/ipo', {
    code,
    type: 'jpy',
    name: { ja: 'QA公開', zh: 'QA新股', en: 'QA offer' },
    price: PRICE,
    lot: 100,
    per_user_limit: 300,
    lots_offered: 1,
    ...times,
    underwriter: 'QA Securities',
    pe: null,
    summary: { ja: '概要', zh: '概要', en: 'Summary' },
  })
}

/** The path's user's application to the offer (none yet: undefined). */
export async function applicationOf(
  kit: Kit,
  grant: SessionGrant,
  offerId: string,
): Promise<IpoApplication | undefined> {
  const rows = await caller(kit.target, grant)<IpoApplication[]>('/trade/usernewstocklist', {
    type: 'jpy',
  })
  return rows.find((r) => r.offer_id === offerId)
}

export interface Scene {
  offer: IpoOffer
  /** The draw, once the clock has passed the window. */
  draw(): Promise<void>
  /** The operator withdraws the offer (every application fails, its money returned). */
  withdraw(): Promise<void>
  /** The clock past the payment deadline, then until the IPO job lapsed the unpaid win. */
  lapse(): Promise<void>
}

function sceneOf(kit: Kit, grant: SessionGrant, offer: IpoOffer, times: OfferTimes): Scene {
  return {
    offer,
    async draw() {
      await moveClockTo(kit, times.subscribe_end + 1_000)
      await kit.target.ops('POST', `/ipo/${offer.id}/draw`)
    },
    async withdraw() {
      await kit.target.ops('POST', `/ipo/${offer.id}/cancel`, { reason: WITHDRAWN_REASON })
    },
    async lapse() {
      await moveClockTo(kit, times.pay_deadline + 1_000)
      // The job runs every few seconds (IPO_JOB_MS); the user's record says when it did.
      for (let i = 0; i < 48; i++) {
        if ((await applicationOf(kit, grant, offer.id))?.status === 7) return
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    },
  }
}

/**
 * An offer in `start.phase` and the user's application brought to `start.status`. For a lost one
 * (status 3) `rival` (another of the kit's accounts, funded too) applies as well before the draw:
 * the caller reads which of the two lost.
 */
export async function startScene(
  kit: Kit,
  grant: SessionGrant,
  start: Start,
  rival?: SessionGrant,
): Promise<Scene> {
  const { now } = await kit.target.ops<{ now: string }>('GET', '/clock')
  // An application is made while the window is open, whatever the phase it later shows.
  const times = timesFor(start.status === null ? start.phase : 'subscribing', Date.parse(now))
  const offer = await postOffer(kit, times)
  const scene = sceneOf(kit, grant, offer, times)
  if (start.status === null) return scene
  const call = caller(kit.target, grant)
  await call('/trade/subscribe', { id: offer.id, num: SHARES, idem: randomUUID() })
  if (start.status === 1) return scene
  if (start.status === 5) return (await scene.withdraw(), scene)
  if (start.status === 3) {
    if (!rival) throw new Error('a lost application needs a second applicant')
    await caller(kit.target, rival)('/trade/subscribe', {
      id: offer.id,
      num: SHARES,
      idem: randomUUID(),
    })
  }
  await scene.draw()
  const id = (await applicationOf(kit, grant, offer.id))?.id ?? ''
  if (start.status === 4) await call('/trade/newstockPay', { id, idem: randomUUID() })
  if (start.status === 6) await call('/trade/newstockWaive', { id, idem: randomUUID() })
  if (start.status === 7) await scene.lapse()
  return scene
}
