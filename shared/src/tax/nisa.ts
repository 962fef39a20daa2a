import { UNITS_PER_ONE } from '../money/units'

const yen = (n: number) => BigInt(n) * BigInt(UNITS_PER_ONE)

/**
 * 新NISA's rooms (MARKET-RULES.md §10), in units of book value: 成長投資枠 ¥2.4M a year, つみたて投資枠
 * ¥1.2M a year (designated investment trusts only, which this app does not sell), ¥18M for life of
 * which growth ≤ ¥12M.
 */
export const NISA_LIMITS = {
  growthYear: yen(2_400_000),
  tsumitateYear: yen(1_200_000),
  lifetime: yen(18_000_000),
  growthLifetime: yen(12_000_000),
} as const

/** One person's NISA account, as of `year`. Amounts are book value in units. */
export interface NisaRoom {
  year: number
  /** Growth-frame purchases this year: the annual room used, never given back by a sale. */
  growthUsed: bigint
  /** Book value held in NISA now: the lifetime room used, as of this year. */
  lifetimeUsed: bigint
  /** Of it, bought in the growth frame. */
  growthLifetimeUsed: bigint
  /** Book value sold this year: back in the lifetime room from next year, never in the annual one. */
  returnsNextYear: bigint
  /** Of it, growth-frame book value. */
  growthReturnsNextYear: bigint
}

export const newNisaRoom = (year: number): NisaRoom => ({
  year,
  growthUsed: 0n,
  lifetimeUsed: 0n,
  growthLifetimeUsed: 0n,
  returnsNextYear: 0n,
  growthReturnsNextYear: 0n,
})

/**
 * The account as of `year`: a new year's annual room is whole again (unused room does not carry
 * over) and last year's sales are back in the lifetime room. Years never go back.
 */
export function nisaAsOf(room: NisaRoom, year: number): NisaRoom {
  if (year < room.year) throw new RangeError('a NISA account does not go back a year')
  if (year === room.year) return room
  return {
    year,
    growthUsed: 0n,
    lifetimeUsed: room.lifetimeUsed - room.returnsNextYear,
    growthLifetimeUsed: room.growthLifetimeUsed - room.growthReturnsNextYear,
    returnsNextYear: 0n,
    growthReturnsNextYear: 0n,
  }
}

/** How much more the growth frame takes this year: the least of its three rooms. */
export function growthRoom(room: NisaRoom): bigint {
  const rooms = [
    NISA_LIMITS.growthYear - room.growthUsed,
    NISA_LIMITS.lifetime - room.lifetimeUsed,
    NISA_LIMITS.growthLifetime - room.growthLifetimeUsed,
  ]
  return rooms.reduce((least, r) => (r < least ? r : least))
}

/** A growth-frame purchase of book value `cost` in `year`; 'nisa_limit' past any of its rooms. */
export function nisaBuy(room: NisaRoom, year: number, cost: bigint): NisaRoom | 'nisa_limit' {
  const now = nisaAsOf(room, year)
  if (cost <= 0n) throw new RangeError('a purchase costs something')
  if (cost > growthRoom(now)) return 'nisa_limit'
  return {
    ...now,
    growthUsed: now.growthUsed + cost,
    lifetimeUsed: now.lifetimeUsed + cost,
    growthLifetimeUsed: now.growthLifetimeUsed + cost,
  }
}

/** A sale of growth-frame holdings of book value `cost` in `year`: back for life from next year. */
export function nisaSell(room: NisaRoom, year: number, cost: bigint): NisaRoom {
  const now = nisaAsOf(room, year)
  const held = now.growthLifetimeUsed - now.growthReturnsNextYear
  if (cost <= 0n || cost > held) throw new RangeError('a sale of book value held in NISA')
  return {
    ...now,
    returnsNextYear: now.returnsNextYear + cost,
    growthReturnsNextYear: now.growthReturnsNextYear + cost,
  }
}

/**
 * The account as a new order sees it: book value that working NISA buys have reserved (a limit's
 * price × the shares still to fill) is used in every growth room until they fill or end, so that
 * orders resting together never promise more than the room.
 */
export function withReserved(room: NisaRoom, reserved: bigint): NisaRoom {
  if (reserved < 0n) throw new RangeError('a reservation is never negative')
  return {
    ...room,
    growthUsed: room.growthUsed + reserved,
    lifetimeUsed: room.lifetimeUsed + reserved,
    growthLifetimeUsed: room.growthLifetimeUsed + reserved,
  }
}

/**
 * Whether NISA's growth frame can take a buy (MARKET-RULES.md §10): a cash buy (never credit, nor
 * a short's cover) of a stock listed in Tokyo. This app's foreign stocks settle in their own
 * currency while the rooms are yen of book value, so they stay in the taxable account; 整理・監理銘柄
 * are not in its listings.
 */
export function nisaEligible(buy: { market: string; kind: string; leverage: number }): boolean {
  return buy.market === 'jp' && buy.kind === 'stock' && buy.leverage === 1
}
