import { randomBytes } from 'node:crypto'
import { localDate } from '@kabu/shared/market/time-zone'

/**
 * A loan's number in the user's records and fund lines, on the pattern of deposits' (DP…) and
 * withdrawals' (WD…): `LN`, the Tokyo date, 40 random bits that reveal nothing of other users.
 *
 * @example loanOrderNo(now) // 'LN20260302-8f3a1c09d2'
 */
export function loanOrderNo(now: number): string {
  return `LN${localDate('jp', now).replaceAll('-', '')}-${randomBytes(5).toString('hex')}`
}
