import type { Kysely } from 'kysely'
import type { SelfFreezeScope } from '@kabu/shared/api/trust'
import type { Database } from '../../store/index'

/**
 * Whether the user has frozen `scope` themself (the trust panel's self-freeze). The trust area keeps
 * the freezes; the withdrawal and order areas ask through this port, handed in by the composition
 * root, and refuse with `self_frozen_withdraw` / `self_frozen_trading`.
 */
export type SelfFrozen = (
  db: Kysely<Database>,
  userId: bigint,
  scope: SelfFreezeScope,
) => Promise<boolean>
