import type { Kysely } from 'kysely'
import {
  scopesOf,
  type SelfFreezeScope,
  type SelfFreezeState,
  type SelfFreezeWhat,
} from '@kabu/shared/api/trust'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { audit } from '../common/audit'
import type { IdentityChecks } from '../common/identity-checks'
import { Refusal } from '../common/refusal'
import type { SecondFactorProof, VerifySecondFactor } from '../common/second-factor'
import * as q from './self-freeze.sql'

const HOUR_MS = 3_600_000

export interface SelfFreezeDeps {
  db: Kysely<Database>
  clock: Clock
  verifyFundPassword: IdentityChecks['verifyFundPassword']
  verifySecondFactor: VerifySecondFactor
  coolingHours: number
  /**
   * Drops the user's sessions cached on this gateway: a session carries its freezes (auth.sql.ts),
   * and the store's notice to the other gateways (migration 0033) comes a moment later.
   */
  forgetSessions?: (userId: bigint) => void
}

export type SelfFreezes = ReturnType<typeof createSelfFreezes>

/**
 * The user's own freeze of withdrawals and/or trading. Freezing takes one tap and the fund
 * password (so a thief holding the phone session cannot freeze the owner out, nor a careless tap
 * do it); it is enforced by the withdrawal rules table and the order paths through the
 * `SelfFrozen` port. Lifting it waits for the published cooling-off period from when it began:
 * the point of a freeze is that an impulse cannot undo it.
 */
export function createSelfFreezes(deps: SelfFreezeDeps) {
  const { db, clock } = deps
  const coolingMs = deps.coolingHours * HOUR_MS

  async function state(reader: Kysely<Database>, userId: bigint): Promise<SelfFreezeState> {
    const rows = await q.freezesOf(reader, userId)
    const entry = (scope: SelfFreezeScope) => {
      const row = rows.find((r) => r.scope === scope)
      if (!row) return null
      const since = Number(row.frozen_at)
      return { scope, since, unfreeze_from: since + coolingMs }
    }
    return {
      withdraw: entry('withdraw'),
      trading: entry('trading'),
      cooling_hours: deps.coolingHours,
    }
  }

  return {
    state: (userId: bigint) => state(db, userId),

    isFrozen: q.isFrozen,

    async freeze(
      user: { userId: bigint; account: string },
      what: SelfFreezeWhat,
      fundPassword: string | undefined,
    ): Promise<SelfFreezeState> {
      await deps.verifyFundPassword(db, user.userId, fundPassword)
      const after = await db.transaction().execute(async (trx) => {
        const now = clock.now()
        const frozen: SelfFreezeScope[] = []
        for (const scope of scopesOf(what)) {
          if (await q.freeze(trx, user.userId, scope, now)) frozen.push(scope)
        }
        if (frozen.length > 0) {
          const entry = { operator: `user:${user.account}`, action: 'self.freeze' }
          await audit(
            trx,
            { ...entry, target: `user:${user.account}`, before: null, after: frozen },
            now,
          )
        }
        return state(trx, user.userId)
      })
      deps.forgetSessions?.(user.userId)
      return after
    },

    /**
     * Lifts the freeze of `what` once its cooling-off period has passed, confirmed as money out
     * is: the fund password, then the user's passkey (or TOTP code) when they enrolled one, so a
     * thief holding the session and the PIN still cannot lift the owner's freeze.
     */
    async unfreeze(
      user: { userId: bigint; account: string },
      what: SelfFreezeWhat,
      fundPassword: string | undefined,
      proof: SecondFactorProof,
    ): Promise<SelfFreezeState> {
      const current = await state(db, user.userId)
      const held = scopesOf(what).flatMap((scope) => current[scope] ?? [])
      if (held.length === 0) throw new Refusal('self_freeze_none')
      const now = clock.now()
      if (held.some((e) => now < e.unfreeze_from)) throw new Refusal('self_freeze_cooling')
      await deps.verifyFundPassword(db, user.userId, fundPassword)
      await deps.verifySecondFactor(user.userId, proof)
      const after = await db.transaction().execute(async (trx) => {
        const scopes = held.map((e) => e.scope)
        // Only rows whose cooling-off has passed: one re-frozen meanwhile is not lifted.
        const lifted = await q.unfreeze(trx, user.userId, scopes, now - coolingMs)
        if (lifted !== scopes.length) throw new Refusal('self_freeze_cooling')
        const entry = { operator: `user:${user.account}`, action: 'self.unfreeze' }
        await audit(
          trx,
          { ...entry, target: `user:${user.account}`, before: scopes, after: null },
          now,
        )
        return state(trx, user.userId)
      })
      deps.forgetSessions?.(user.userId)
      return after
    },
  }
}
