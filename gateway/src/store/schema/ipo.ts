import type { GeneratedAlways } from 'kysely'
import type { Int, IntDefault, NullableInt } from './columns'

/** Tables of migrations 0013-ipo and 0019-ipo-withdrawn. Integers are bigint in JS on both stores (see ../schema.ts). */

/** An offer; `seed` stays secret until `drawn_at`, `commitment` is its hex SHA-256. */
export interface IpoOffersTable {
  id: GeneratedAlways<bigint>
  source_key: string | null
  code: string
  market: string
  currency: string
  name_ja: string
  name_zh: string
  name_en: string
  price: Int
  lot: Int
  user_limit_lots: Int
  lots_offered: Int
  subscribe_start: Int
  subscribe_end: Int
  lottery_at: Int
  pay_deadline: Int
  listing_at: Int
  underwriter: string
  pe: string | null
  summary_ja: string
  summary_zh: string
  summary_en: string
  simulated: IntDefault
  seed: string
  commitment: string
  drawn_at: NullableInt
  lots_asked: NullableInt
  lots_won: NullableInt
  listed_at: NullableInt
  /** An operator withdrew the offer before listing (0019): when, the reason users see, who. */
  withdrawn_at: NullableInt
  withdrawn_reason: string | null
  withdrawn_by: string | null
  created_by: string | null
  created_at: Int
}

/**
 * An application: 1 awaiting draw (amount frozen), 2 won pending payment, 3 not won, 4 paid,
 * 5 failed, 6 waived (API.md), 7 lapsed: unpaid past the deadline (docs/api-additions.md). `holding_id` is the holding its paid lots became on listing day.
 */
export interface IpoApplicationsTable {
  id: GeneratedAlways<bigint>
  offer_id: Int
  user_id: Int
  order_no: string
  ref: string
  lots: Int
  amount: Int
  status: IntDefault
  won_lots: IntDefault
  holding_id: NullableInt
  drawn_at: NullableInt
  settled_at: NullableInt
  created_at: Int
}

export interface IpoTables {
  ipo_offers: IpoOffersTable
  ipo_applications: IpoApplicationsTable
}
