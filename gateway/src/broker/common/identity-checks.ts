import type { Kysely } from 'kysely'
import { Refusal } from './refusal'
import type { Database } from '../../store/index'
import type { VerifySecondFactor } from './second-factor'

/**
 * What the money flows ask the identity area (C's seams: kyc, banks, uploads, security). Passed in
 * by the composition root, so these areas depend on the rules, not on where they live.
 */
export interface IdentityChecks {
  /** 0 unverified, 1 reviewing, 2 verified, 3 failed. */
  identityStatus(db: Kysely<Database>, userId: bigint): Promise<0 | 1 | 2 | 3>
  uploadOwnedBy(
    db: Kysely<Database>,
    userId: bigint,
    id: string,
    kind: 'id_front' | 'id_back' | 'voucher' | 'support',
  ): Promise<boolean>
  bankCardOf(
    db: Kysely<Database>,
    userId: bigint,
    id: bigint,
  ): Promise<
    { id: bigint; bank_name: string; branch_name: string; card_number_masked: string } | undefined
  >
  /** Refusal: fund_password_not_set | wrong_fund_password | too_frequent. */
  verifyFundPassword(db: Kysely<Database>, userId: bigint, plain: string | undefined): Promise<void>
  /** The passkey or TOTP the user enrolled, when they did (second-factor area). */
  verifySecondFactor: VerifySecondFactor
}

export const VERIFIED = 2

/**
 * Asserts that an action needing verified identity may go on, or refuses naming where the user
 * stands, so the message says what to do: wait for the review, send documents again after a
 * refusal (spec §8 "real-name information not passed"), or verify for the first time.
 */
export function requireVerified(status: number): void {
  if (status === VERIFIED) return
  if (status === 1) throw new Refusal('realname_reviewing')
  if (status === 3) throw new Refusal('realname_not_passed')
  throw new Refusal('realname_required')
}
