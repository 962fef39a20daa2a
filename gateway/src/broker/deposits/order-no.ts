import { randomBytes } from 'node:crypto'
import { localDate } from '@kabu/shared/market/time-zone'

/**
 * The number a user quotes to support and sees in fund records: a prefix naming the flow (DP
 * deposit, WD withdrawal, FX exchange), the Tokyo date, and 40 random bits, so numbers reveal
 * neither how many requests the broker has nor another user's.
 *
 * @example newOrderNo('WD', now) // 'WD20260302-8f3a1c09d2'
 */
export function newOrderNo(prefix: 'DP' | 'WD' | 'FX', now: number): string {
  return `${prefix}${localDate('jp', now).replaceAll('-', '')}-${randomBytes(5).toString('hex')}`
}
