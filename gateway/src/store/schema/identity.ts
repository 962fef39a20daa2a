import type { ColumnType, GeneratedAlways } from 'kysely'
import type { Int, NullableInt } from './columns'

/** Tables of identity verification, uploads, fund-password throttling and bank cards (0004). */
type Id = GeneratedAlways<bigint>

export type UploadKind = 'id_front' | 'id_back' | 'voucher' | 'support'
export type ReviewStatus = 'pending' | 'approved' | 'rejected'
export type BankAccountType = 'ordinary' | 'current' | 'savings'

export interface UploadsTable {
  /** Random, unguessable: it is also the file name under DATA_DIR/uploads. */
  id: string
  user_id: Int
  kind: UploadKind
  bytes: Int
  width: Int
  height: Int
  created_at: Int
}

export interface IdentityRequestsTable {
  id: Id
  user_id: Int
  name: string
  doctype: string
  /** AES-256-GCM: base64url of iv | tag | ciphertext; the plain number is never stored. */
  idnumber_sealed: string
  /** The last four characters, kept apart so lists can show `****1234` without decrypting. */
  idnumber_last4: string
  front_upload: string
  back_upload: string
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>
  reason: string | null
  operator: string | null
  created_at: Int
  decided_at: NullableInt
}

export interface FundPasswordFailuresTable {
  id: Id
  user_id: Int
  at: Int
}

export interface BankCardsTable {
  id: Id
  user_id: Int
  holder: string
  bank_name: string
  bank_code: string
  branch_name: string
  branch_code: string
  account_type: BankAccountType
  account_number: string
  created_at: Int
  /** Cards are unbound, never erased: withdrawals keep pointing at the card they paid. */
  deleted_at: NullableInt
}

export interface IdentityTables {
  uploads: UploadsTable
  identity_requests: IdentityRequestsTable
  fund_password_failures: FundPasswordFailuresTable
  bank_cards: BankCardsTable
}
