import { randomBytes } from 'node:crypto'
import { localDate } from '@kabu/shared/market/time-zone'

/**
 * A stock order's number, shown in fund records: `TR`, the Tokyo date and 40 random bits (like the
 * deposit numbers, it reveals neither volume nor other users' orders).
 *
 * @example newTradeNo(now) // 'TR20260302-8f3a1c09d2'
 */
export function newTradeNo(now: number): string {
  return `TR${localDate('jp', now).replaceAll('-', '')}-${randomBytes(5).toString('hex')}`
}
