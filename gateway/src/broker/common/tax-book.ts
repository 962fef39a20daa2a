import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../store/index'

/**
 * A sale as the taxable account's books need it, told by trading inside the sale's SQL
 * transaction, after the sale's own posting (whose ledger transaction is `saleTxId`). Amounts in
 * units.
 */
export interface TaxableSale {
  userId: bigint
  code: string
  currency: string
  /** The sale's ledger order number, shown on the withholding's line too. */
  orderNo: string
  saleTxId: bigint
  shares: bigint
  proceeds: bigint
  /** The sale's fee and stamp duty. */
  fees: bigint
  /**
   * A cash holding of the code: its gain is against the moving average of the code's holdings in
   * the account, and `rowCost` is what this row cost (price × shares + buy fee). False for a
   * credit position or a short, each of which is its own position: `realised` is its gain.
   */
  averaged: boolean
  rowCost: bigint
  realised: bigint
  at: number
  /**
   * When the sold row was bought (its buy time): a foreign sale converts the row's cost to yen at
   * that instant's rate. Absent: at the sale's.
   */
  boughtAt?: number
  /**
   * The buy order the sold row's shares came from (its `bought_by`, else its id): a foreign row
   * whose order filled at several instants converts fill by fill (`order_fills`), each at its own
   * instant's rate. Absent, or an id with no fills: at `boughtAt`.
   */
  boughtBy?: bigint
  /**
   * A reverse split's fractions sold for cash in lieu, told after the holdings moved: `shares` are
   * old shares, `splitDen` of which make one share the account holds now. Absent on a market sale.
   */
  splitDen?: bigint
  /**
   * A reverse split's fractions of cash holdings, row by row: what each row cost with its fee
   * before the split (`cost`) and what of it left with the fraction (`taken`), when and by which
   * order it was bought. A foreign fraction's yen cost is then what leaves each row's yen cost,
   * each at its own rates, not `rowCost` at one instant's.
   */
  splitRows?: SplitFractionRow[]
}

/** One row's part in a reverse split's fraction (TaxableSale.splitRows), native units. */
export interface SplitFractionRow {
  cost: bigint
  taken: bigint
  at: number
  order: bigint
}

/** A sale not yet written: its tax planned ahead of its one statement. */
export type PlannedTaxableSale = Omit<TaxableSale, 'saleTxId'>

/** What a sale's one statement adds for its tax (LedgerCommand's gate and afterTx). */
export interface PlannedSaleTax {
  gate?: RawBuilder<unknown>
  /** Each reads `tx`, the sale's ledger header (the ledger's AfterTx). */
  afterTx: ((tx: RawBuilder<unknown>) => RawBuilder<unknown>)[]
}

/**
 * The taxable account's books (broker/tax), the port trading and corporate actions are given: a
 * sale's gain and withholding, and the Japanese withholding of a dividend's holders, each in the
 * caller's SQL transaction so it commits or rolls back with the business change.
 */
export interface TaxBook {
  /**
   * Holds the user's tax year for a sale about to post (on PostgreSQL their `users` row, the
   * first lock the sale takes), so their sales and a dividend's payment take turns reading it.
   */
  hold(trx: Kysely<Database>, userId: bigint): Promise<void>
  /** Realises a sale's gain, withholds or refunds, records it. Posts at most one ledger line. */
  sold(trx: Kysely<Database>, sale: TaxableSale): Promise<void>
  /**
   * `sold` for a sale that is one PostgreSQL statement: read before it (the sold row still open),
   * what the statement must check and write. Undefined when the sale withholds or refunds (its
   * own ledger transaction): the sale then takes its SQL transaction and `sold`.
   */
  planSale(db: Kysely<Database>, sale: PlannedTaxableSale): Promise<PlannedSaleTax | undefined>
  /**
   * Before a dividend's payment is posted: sets each expected holder's Japanese withholding by
   * their account and their year's netting (the rows' `withheld_*` and `net`). Answers what records
   * the events once the payment's ledger transaction exists.
   */
  dividendsDue(
    trx: Kysely<Database>,
    action: string,
    now: number,
  ): Promise<(paymentTxId: bigint) => Promise<void>>
}

/**
 * Whether a holding (sold, or of record for a dividend) sits in the taxable account: the tax's one
 * predicate of reach, here and as TAXABLE_HOLDINGS over `holdings` rows in SQL. A holding's
 * `account` is `taxable` or `nisa`; a dividend row's is the taxable kind or `nisa`.
 */
export const inTaxableAccount = (row: { account: string }): boolean => row.account !== 'nisa'
/** inTaxableAccount over `holdings` rows, for the code's moving-average basis. */
export const TAXABLE_HOLDINGS = sql<boolean>`account <> 'nisa'`
