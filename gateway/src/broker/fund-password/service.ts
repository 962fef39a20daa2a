import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { SessionUser } from '../common/session-user'
import type { Database } from '../../store/index'
import type { PasswordHasher } from '../../passwords'
import { Refusal } from '../common/refusal'
import { throttledCheck, verifyFundPassword } from './fund-password'

export interface FundPasswordDeps {
  db: Kysely<Database>
  clock: Clock
  passwords: PasswordHasher
}

export type FundPasswordService = ReturnType<typeof createFundPasswordService>

/**
 * Setting and changing the fund password. The first time proves the user with the login password;
 * afterwards only the current fund password changes it (throttled like every other check).
 */
export function createFundPasswordService({ db, clock, passwords }: FundPasswordDeps) {
  return {
    async change(
      user: SessionUser,
      input: { login_password?: string | undefined; old?: string | undefined; password: string },
    ): Promise<void> {
      const row = await db
        .selectFrom('users')
        .select(['password_hash', 'fund_password_hash'])
        .where('id', '=', user.userId)
        .executeTakeFirst()
      if (!row) throw new Refusal('please_login_again', 401)
      const current = row.fund_password_hash

      if (current === null) {
        if (input.login_password === undefined) throw new Refusal('fund_password_not_set')
        const loginPassword = input.login_password
        const right = await throttledCheck(db, user.userId, clock, () =>
          passwords.verify(row.password_hash, loginPassword),
        )
        if (!right) throw new Refusal('wrong_old_password')
      } else {
        if (input.old === undefined) throw new Refusal('wrong_fund_password')
        await verifyFundPassword(db, user.userId, input.old, clock)
      }

      const hash = await passwords.hash(input.password)
      // Compare-and-set: two tabs setting it at once cannot overwrite each other unseen.
      const updated = await db
        .updateTable('users')
        .set({ fund_password_hash: hash })
        .where('id', '=', user.userId)
        .where((eb) =>
          current === null
            ? eb('fund_password_hash', 'is', null)
            : eb('fund_password_hash', '=', current),
        )
        .executeTakeFirst()
      if (updated.numUpdatedRows !== 1n) throw new Refusal('modify_failed')
    },
  }
}
