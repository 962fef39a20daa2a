import type { HoldingAccount } from '@kabu/shared/api/accounts'
import type { ColumnType, Generated, GeneratedAlways } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migration 0006-trading. Integers are bigint in JS on both stores (see ../schema.ts). */

/** An order and the holding it becomes: status 2 pending → 0 holding → 4 closed, or 3 cancelled. */
export interface HoldingsTable {
  /** Migration 0029: a holding a buy order made has the order's id (see 0029-order-ids). */
  id: Generated<bigint>
  user_id: Int
  order_no: string
  code: string
  market: string
  currency: string
  status: Int
  stock_num: Int
  /** A limit order's price; null for a market order. */
  limit_price: NullableInt
  /** Fill price; while pending, the price the cash was frozen at. */
  buy_price: Int
  buy_fee: IntDefault
  /**
   * Migration 0031: what the shares cost when that is not buy_price × stock_num (a buy filled in
   * parts at different prices, buy_price their average); null otherwise. Read through costOf.
   */
  buy_cost: NullableInt
  /** Cash still frozen for the order (pending only). */
  frozen: IntDefault
  buy_time: NullableInt
  sell_price: NullableInt
  /** The sell fee; on a sale recorded before migration 0026, the sell fee plus stamp duty. */
  sell_fee: NullableInt
  /** Migration 0026: China's stamp duty on the sale (0 elsewhere); null before 0026 or unsold. */
  stamp_duty: NullableInt
  /** Proceeds − sell fees − cost − buy fee. */
  realised: NullableInt
  sell_time: NullableInt
  created_at: Int
  /** Migration 0012: when the sell now resting (closing) was placed; null otherwise. */
  sell_ordered_at: NullableInt
  /** Migration 0018 (stock credit): 1 for a cash buy; 2 or 3 for a credit buy. */
  leverage: IntDefault
  /** The user's original margin (a cash buy: 0). */
  margin: IntDefault
  /** Trust funds (`/trade/ustocks`) applied to the debt since the buy. */
  trust_funds: IntDefault
  /** What the position owes the house's credit book: the loan plus accrued interest, less trust funds. */
  credit_debt: IntDefault
  /** Interest accrued since the buy (every day's `credit_accruals` row). */
  credit_interest: IntDefault
  /** A margin call's deadline (epoch ms); null without a call. */
  call_deadline: NullableInt
  /** The last local date whose interest has accrued. */
  interest_through: string | null
  /**
   * Migration 0032: `short` for a short sale (信用売建). Its buy_price is the price it was sold at,
   * buy_fee the sale's fees, sell_price the price it was covered at; `frozen` holds its margin and
   * trust funds, credit_debt the borrow fees owed (shared/market/credit.ts shortEquity).
   */
  side: ColumnType<'long' | 'short', 'long' | 'short' | undefined, 'long' | 'short'>
  /** Migration 0037: the account it sits in (a NISA buy's holding: `nisa`). */
  account: ColumnType<HoldingAccount, HoldingAccount | undefined, HoldingAccount>
  /**
   * Migration 0047: on a row split off another, the buy order its shares came from (its fills
   * convert a foreign lot's cost to yen); null otherwise (the row's own id is its order's).
   * Migration 0049 wrote it on the earlier parts whose sell order names their row; a partial
   * sell's claim or an amended sell's part from before 0047 has none (nothing stored names it).
   */
  bought_by: NullableInt
}

export interface WatchlistTable {
  user_id: Int
  code: string
  market: string
  created_at: Int
  /** Migration 0009: the user's order, ascending. */
  position: IntDefault
}

/** Migration 0028 (issue 35): an order apart from the holding its fills make. */
export interface OrdersTable {
  /** Drawn from the holdings' sequence (migration 0029): a buy's holding has its order's id. */
  id: Generated<bigint>
  user_id: Int
  order_no: string
  code: string
  market: string
  currency: string
  side: 'buy' | 'sell'
  kind: 'market' | 'limit' | 'stop' | 'stop_limit' | 'trailing'
  /** The limit; null at market. */
  price: NullableInt
  /** A stop's trigger; a trailing stop's as it stands. */
  trigger_price: NullableInt
  trail: NullableInt
  /** A trailing stop's best price since it was placed. */
  best_price: NullableInt
  num: Int
  filled_num: IntDefault
  /** Σ price × shares of its fills. */
  filled_value: IntDefault
  status: 'waiting' | 'open' | 'partial' | 'filled' | 'cancelled' | 'expired' | 'refused'
  /** The message key of a fired trigger's refusal. */
  refusal: string | null
  /** `day` or the last date (YYYY-MM-DD). */
  validity: string
  expires_at: Int
  group_kind: 'oco' | 'ifd' | 'ifdoco' | null
  group_id: NullableInt
  parent_id: NullableInt
  leverage: IntDefault
  account: ColumnType<HoldingAccount, HoldingAccount | undefined, HoldingAccount>
  /**
   * Migration 0037: the NISA room a working NISA buy still holds (book value of what it has not
   * filled: its limit × shares); 0 on every other order and once it has ended.
   */
  nisa_reserved: IntDefault
  holding_id: NullableInt
  /** Cash still frozen for what a buy has not filled. */
  frozen: IntDefault
  created_at: Int
  updated_at: Int
}

export interface OrderFillsTable {
  id: GeneratedAlways<bigint>
  order_id: Int
  num: Int
  price: Int
  fee: Int
  at: Int
}

export interface TradingTables {
  holdings: HoldingsTable
  watchlist: WatchlistTable
  orders: OrdersTable
  order_fills: OrderFillsTable
}
