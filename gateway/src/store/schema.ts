import type { ColumnType, GeneratedAlways, Insertable, Selectable } from 'kysely'
import type { AlertTables } from './schema/alerts'
import type { AccountsTables } from './schema/accounts'
import type { AssetTables } from './schema/assets'
import type { ActionsTables } from './schema/actions'
import type { TaxTables } from './schema/tax'
import type { BlockTables } from './schema/block'
import type { DaytradeTables } from './schema/daytrade'
import type { CreditTables } from './schema/credit'
import type { FundsTables } from './schema/funds'
import type { IdentityTables } from './schema/identity'
import type { IpoTables } from './schema/ipo'
import type { LedgerTables } from './schema/ledger'
import type { LoansTables } from './schema/loans'
import type { NewsTables } from './schema/news'
import type { NotificationTables } from './schema/notifications'
import type { OpsTables } from './schema/ops'
import type { OperatorTables } from './schema/operators'
import type { ProductsTables } from './schema/products'
import type { SecondFactorTables } from './schema/second-factor'
import type { SupportTables } from './schema/support'
import type { TradingTables } from './schema/trading'
import type { TrustTables } from './schema/trust'
import type { Int, IntDefault } from './schema/columns'

/**
 * The tables as Kysely sees them. Every integer column is BIGINT on PostgreSQL and INTEGER with
 * `safeIntegers` on SQLite, and both drivers are set to hand back a `bigint` (see sqlite.ts and
 * postgres.ts): one rule for ids, times and money alike, so no value can silently lose precision and
 * the two stores return the same JS types. Convert with `Number()` only at the edge, for values known
 * to be small (ids, epoch ms, scores).
 */
type Id = GeneratedAlways<bigint>

/** `issuer`: a product issuer's account (migration 0016), which cannot log in. */
export type UserStatus = 'active' | 'frozen' | 'banned' | 'issuer'

export interface UsersTable {
  id: Id
  account: string
  password_hash: string
  /** The code newcomers type to register under this user (unique, upper case). */
  invite_code: string
  inviter_id: bigint | null
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>
  /** 0 or 1: spec §6, an account may be barred from trading while it can still log in. */
  trading_barred: IntDefault
  credit_score: IntDefault
  /** Null until the user sets a fund password. */
  fund_password_hash: string | null
  created_at: Int
  /** Moved by each write of the user's tax year (migration 0045). */
  tax_seq: IntDefault
}

export interface SessionsTable {
  id: Id
  /** SHA-256 (hex) of the bearer token: a copy of the table cannot be replayed as sessions. */
  token_hash: string
  user_id: Int
  created_at: Int
  revoked_at: ColumnType<bigint | null, number | bigint | null | undefined, number | bigint | null>
}

/** A failed login: the account as typed (lower-cased), the caller's address, when. */
export interface LoginFailuresTable {
  id: Id
  account_key: string
  ip: string
  at: Int
}

/** Operator-set values of /common/config that override the defaults from the environment. */
export interface SettingsTable {
  name: string
  value: string
  updated_at: Int
}

export interface Database
  extends
    LedgerTables,
    AssetTables,
    IdentityTables,
    OpsTables,
    FundsTables,
    TradingTables,
    LoansTables,
    IpoTables,
    NewsTables,
    ProductsTables,
    BlockTables,
    DaytradeTables,
    CreditTables,
    SupportTables,
    TrustTables,
    OperatorTables,
    SecondFactorTables,
    ActionsTables,
    TaxTables,
    AlertTables,
    AccountsTables,
    NotificationTables {
  users: UsersTable
  sessions: SessionsTable
  settings: SettingsTable
  login_failures: LoginFailuresTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type Session = Selectable<SessionsTable>
