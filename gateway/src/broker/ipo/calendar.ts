import { CURRENCY_OF_MARKET, type Market } from '@kabu/shared/market/types'

/**
 * The simulator's listing pipeline: a steady calendar of clearly simulated offers in each market,
 * derived from the market seed and the clock, so at any time of the demo some offers are
 * announced (pre-subscription), some are taking applications and some have ended. Names and
 * figures are generated and say so; no real company's are used (the listings data has no IPOs).
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** A new offer opens every two days in each market; each takes applications for four. */
const SLOT = 2 * DAY
const ANNOUNCED_AHEAD = 7 * DAY
const KEPT_AFTER_LISTING = 30 * DAY

/** Subscription opens at 9:00 in Tokyo, 9:30 in New York (EST), 9:30 in Shanghai. */
const OPENS_AT: Record<Market, number> = { jp: 0, us: 14.5 * HOUR, cn: 1.5 * HOUR }

interface MarketShape {
  lot: number
  /** Price range in whole units, and the step prices are rounded to (in 1/10,000 units). */
  minPrice: number
  maxPrice: number
  step: bigint
  userLimitLots: number
}

const SHAPES: Record<Market, MarketShape> = {
  jp: { lot: 100, minPrice: 500, maxPrice: 5000, step: 100_000n, userLimitLots: 10 },
  us: { lot: 10, minPrice: 10, maxPrice: 40, step: 10_000n, userLimitLots: 10 },
  cn: { lot: 500, minPrice: 5, maxPrice: 50, step: 100n, userLimitLots: 10 },
}

export interface SimulatedOffer {
  sourceKey: string
  code: string
  market: Market
  currency: string
  name: { ja: string; zh: string; en: string }
  price: bigint
  lot: number
  userLimitLots: number
  lotsOffered: number
  subscribeStart: number
  subscribeEnd: number
  lotteryAt: number
  payDeadline: number
  listingAt: number
  underwriter: string
  pe: string
  summary: { ja: string; zh: string; en: string }
}

/** A 32-bit mix of the inputs (splitmix-like): the slot's figures, not its secret draw seed. */
function mix(...parts: number[]): number {
  let h = 0x9e3779b9
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b)
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
    h ^= h >>> 16
  }
  return h >>> 0
}

const MARKET_NO: Record<Market, number> = { jp: 1, us: 2, cn: 3 }

function codeOf(market: Market, slot: number): string {
  const n = ((slot % 1000) + 1000) % 1000
  if (market === 'jp') return `S${String(n).padStart(3, '0')}`
  if (market === 'cn') return `S${String(n).padStart(5, '0')}`
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
  return `SIM${letters[n % 24]}${letters[Math.floor(n / 24) % 24]}`
}

function offerOf(seed: number, market: Market, slot: number): SimulatedOffer {
  const shape = SHAPES[market]
  const r = (salt: number) => mix(seed, MARKET_NO[market], slot, salt)
  const whole = shape.minPrice + (r(1) % (shape.maxPrice - shape.minPrice + 1))
  const price = ((BigInt(whole) * 10_000n) / shape.step) * shape.step
  const start = slot * SLOT + OPENS_AT[market]
  const code = codeOf(market, slot)
  return {
    sourceKey: `sim:${market}:${slot}`,
    code,
    market,
    currency: CURRENCY_OF_MARKET[market],
    name: {
      ja: `模擬新規公開 ${code}`,
      zh: `模拟新股 ${code}`,
      en: `Simulated IPO ${code}`,
    },
    price,
    lot: shape.lot,
    userLimitLots: shape.userLimitLots,
    lotsOffered: 20 + (r(2) % 381),
    subscribeStart: start,
    subscribeEnd: start + 4 * DAY,
    lotteryAt: start + 5 * DAY,
    payDeadline: start + 7 * DAY,
    listingAt: start + 10 * DAY,
    underwriter: 'Kabu Demo Securities (simulated)',
    pe: `${10 + (r(3) % 50)}.${r(4) % 10}`,
    summary: {
      ja: 'デモの上場パイプラインが生成した模擬企業です。数値はすべて生成されたもので、実在の企業のものではありません。',
      zh: '演示上市流程生成的模拟公司。所有数据均为生成，并非真实公司的数据。',
      en: "A simulated company from the demo's listing pipeline. Every figure is generated; none is a real company's.",
    },
  }
}

/**
 * The simulated offers that exist at `now`: announced up to a week before subscription opens,
 * kept for a month after listing.
 *
 * @example simulatedOffers(42, now).filter((o) => o.subscribeStart <= now && now < o.subscribeEnd)
 */
export function simulatedOffers(seed: number, now: number): SimulatedOffer[] {
  const offers: SimulatedOffer[] = []
  const first = Math.floor((now - KEPT_AFTER_LISTING - 10 * DAY) / SLOT)
  const last = Math.floor((now + ANNOUNCED_AHEAD) / SLOT)
  for (const market of ['jp', 'us', 'cn'] as const) {
    for (let slot = first; slot <= last; slot++) {
      const offer = offerOf(seed, market, slot)
      if (offer.subscribeStart - ANNOUNCED_AHEAD <= now) offers.push(offer)
    }
  }
  return offers
}
