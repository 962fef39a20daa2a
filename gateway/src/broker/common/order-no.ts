import { randomUUID } from 'node:crypto'

/**
 * What each prefix numbers: deposit, withdrawal, exchange, loan, stock order, block request, IPO
 * application, follow order (FP) and a product's issuer funding (PF).
 */
// DT: a day-trading participation and its fills. CR: a stock-credit trust-funds request. CA: a
// corporate action's posting (a dividend paid, a split's cash in lieu).
export type OrderNoPrefix =
  'DP' | 'WD' | 'FX' | 'LN' | 'TR' | 'BL' | 'IP' | 'FP' | 'PF' | 'DT' | 'CR' | 'CA'

/**
 * The number a user quotes to support and sees in fund records: a prefix naming the flow, the
 * Tokyo date, and 40 random bits, so numbers reveal neither how many requests the broker has nor
 * another user's.
 *
 * @example newOrderNo('WD', now) // 'WD20260302-8f3a1c09d2'
 */
export function newOrderNo(prefix: OrderNoPrefix, now: number): string {
  return `${prefix}${tokyoDate(now)}-${randomHex10()}`
}

/**
 * 40 random bits as 10 hex digits: a random UUID's first 12 digits are all random (its version
 * digit comes after them). Node draws UUIDs from a cached pool of random bytes, where
 * randomBytes(5) called into the system's generator and built a Buffer for every order.
 */
const randomHex10 = () => {
  const uuid = randomUUID()
  return uuid.slice(0, 8) + uuid.slice(9, 11)
}

// Japan keeps UTC+9 all year (no DST), so its date needs no Intl time-zone formatting, which was
// ~2 % of the gateway's CPU per order. YYYYMMDD.
const JST_OFFSET_MS = 9 * 3_600_000
const DAY_MS = 86_400_000
// The last day's text: every order of a day has the same.
let lastDay = Number.NaN
let lastDate = ''
const tokyoDate = (now: number) => {
  const day = Math.floor((now + JST_OFFSET_MS) / DAY_MS)
  if (day !== lastDay) {
    lastDate = new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')
    lastDay = day
  }
  return lastDate
}
