import type { Kysely } from 'kysely'
import {
  BARRED_SCOPE,
  FREEZE_COVERS,
  SELF_FROZEN_KEYS,
  type HeldCommand,
} from '@kabu/shared/api/freeze-covers'
import type { SelfFreezeScope } from '@kabu/shared/api/trust'
import type { Database } from '../../store/index'
import { Refusal } from './refusal'
import type { SessionUser } from './session-user'

/**
 * Whether the user has frozen `scope` themself (the trust panel's self-freeze). The trust area keeps
 * the freezes; the money areas ask through this port, handed in by the composition root.
 */
export type SelfFrozen = (
  db: Kysely<Database>,
  userId: bigint,
  scope: SelfFreezeScope,
) => Promise<boolean>

/**
 * Refuses `command` while a hold covers it, by the one table (shared/src/api/freeze-covers.ts):
 * the back office's trading bar first (`trading_barred`), then the user's own freeze of the
 * command's scope (`self_frozen_trading`, `self_frozen_withdraw`). Every command that spends or
 * moves money and is held calls it by its name in that table, before anything counts a password.
 */
export async function refuseIfHeld(
  selfFrozen: SelfFrozen,
  db: Kysely<Database>,
  user: Pick<SessionUser, 'userId' | 'tradingBarred' | 'selfFrozen'>,
  command: HeldCommand,
): Promise<void> {
  const scope = FREEZE_COVERS[command].scope
  if (scope === BARRED_SCOPE && user.tradingBarred) throw new Refusal('trading_barred')
  // A session read carries the freezes already; a job acting for a user asks.
  const frozen = user.selfFrozen
    ? user.selfFrozen.includes(scope)
    : await selfFrozen(db, user.userId, scope)
  if (frozen) throw new Refusal(SELF_FROZEN_KEYS[scope])
}
