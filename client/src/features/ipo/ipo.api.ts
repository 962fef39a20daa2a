import type { IpoApplication, IpoDraw, IpoOffer, IpoPhase } from '@kabu/shared/api/ipo'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'
import type { IpoSnapshot } from './ipo.machine'

/** The new-share screens' calls: the actors of ipo.machine.ts and the lists' reads. */

export const fetchOffers = (type: MarketType, phase: IpoPhase) =>
  brokerPost<IpoOffer[]>('/trade/newstocklist', { type, phase })

export const fetchOffer = (id: string) => brokerPost<IpoOffer>('/trade/newstockinfo', { id })

export const fetchApplications = (type: MarketType) =>
  brokerPost<IpoApplication[]>('/trade/usernewstocklist', { type })

/** The offer and the user's application to it: what the machine's `load` reads. */
export async function fetchSnapshot(id: string): Promise<IpoSnapshot> {
  const offer = await fetchOffer(id)
  const applications = await fetchApplications(offer.type)
  return { offer, application: applications.find((a) => a.offer_id === id) ?? null }
}

export const subscribeOffer = (input: { id: string; num: string; idem: string }) =>
  brokerPost<{ id: string }>('/trade/subscribe', { ...input })

export const payApplication = (input: { id: string; idem: string }) =>
  brokerPost<{ id: string; paid: string }>('/trade/newstockPay', { ...input })

export const waiveApplication = (input: { id: string; idem: string }) =>
  brokerPost<{ id: string }>('/trade/newstockWaive', { ...input })

/** The public record of a draw (`GET /api/market/ipos/:id/draw`), for the verify view. */
export async function fetchDraw(id: string): Promise<IpoDraw> {
  const res = await fetch(`/api/market/ipos/${encodeURIComponent(id)}/draw`)
  const body = (await res.json()) as { status: number; data: IpoDraw }
  if (body.status !== 1) throw new Error('draw record unavailable')
  return body.data
}
