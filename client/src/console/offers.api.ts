import { opsCall } from './api'

export interface IpoOfferRow {
  id: string
  code: string
  currency: string
  name: { ja: string; en: string }
  price: string
  lot: number
  lots_offered: number
  subscribe_end: number
  lottery_at: number
  drawn: boolean
  withdrawn: boolean
  /** The draw may run now (subscription closed, not drawn nor withdrawn) by the gateway's clock. */
  draw_due: boolean
  simulated: boolean
}

export interface BlockOfferRow {
  id: string
  code: string
  currency: string
  price: string
  lots: number
  max_lots: number
  closes_at: number
  allocated: boolean
  simulated: boolean
}

export interface IpoDraft {
  code: string
  name: string
  price: string
  lot: number
  lots: number
  hours: number
}

export interface BlockDraft {
  code: string
  lots: number
  maxLots: number
  hours: number
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

const gatewayNow = async () => Date.parse((await opsCall<{ now: string }>('GET', '/clock')).now)

export const listIpo = () => opsCall<IpoOfferRow[]>('GET', '/ipo')
export const listBlock = () => opsCall<BlockOfferRow[]>('GET', '/block')
export const drawIpo = (id: string) => opsCall('POST', `/ipo/${id}/draw`)

/**
 * A yen-market offer whose subscription opens now (the gateway's clock, which time travel may have
 * moved) for `hours`; the draw at its close, payment a day later, listing a day after that. The
 * one name serves the three languages; an operator edits nothing else here.
 */
export async function createIpo(d: IpoDraft): Promise<{ id: string }> {
  const now = await gatewayNow()
  const end = now + d.hours * HOUR
  const name = { ja: d.name, zh: d.name, en: d.name }
  return opsCall('POST', '/ipo', {
    code: d.code,
    type: 'jpy',
    name,
    price: d.price,
    lot: d.lot,
    per_user_limit: d.lot * 10,
    lots_offered: d.lots,
    subscribe_start: now,
    subscribe_end: end,
    lottery_at: end,
    pay_deadline: end + DAY,
    listing_at: end + 2 * DAY,
    underwriter: 'Back office',
    summary: name,
  })
}

/** A block offer of a listed code at the default discount, open now for `hours`. */
export async function createBlock(d: BlockDraft): Promise<{ id: string }> {
  const now = await gatewayNow()
  return opsCall('POST', '/block', {
    code: d.code,
    lots: d.lots,
    max_lots: d.maxLots,
    closes_at: now + d.hours * HOUR,
  })
}
