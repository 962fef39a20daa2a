import type { SelfFreezeScope } from '@kabu/shared/api/trust'
import type { Int } from './columns'

/** Tables of migration 0022-self-freezes. Integers are bigint in JS on both stores. */

/** A scope the user froze themself (withdrawals or trading), since `frozen_at`. */
export interface SelfFreezesTable {
  user_id: Int
  scope: SelfFreezeScope
  frozen_at: Int
}

export interface TrustTables {
  self_freezes: SelfFreezesTable
}
