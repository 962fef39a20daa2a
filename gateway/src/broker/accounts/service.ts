import type { Kysely } from 'kysely'
import {
  DEFAULT_TAXABLE_KIND,
  type AccountsAnswer,
  type TaxableKind,
  type WireNisa,
} from '@kabu/shared/api/accounts'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { formatUnits } from '@kabu/shared/money/decimal'
import {
  growthRoom,
  newNisaRoom,
  NISA_LIMITS,
  nisaAsOf,
  withReserved,
  type NisaRoom,
} from '@kabu/shared/tax/nisa'
import type { Clock } from '../../clock'
import { lockUser, type Database } from '../../store/index'
import { requireVerified, type IdentityChecks } from '../common/identity-checks'
import { Refusal } from '../common/refusal'
import type { SessionUser } from '../common/session-user'
import * as q from './accounts.sql'
import { nisaYear } from './nisa-book'

export interface AccountsDeps {
  db: Kysely<Database>
  clock: Clock
  verifyFundPassword: IdentityChecks['verifyFundPassword']
  /** A NISA account is opened with verified identity (its My Number), as the law asks. */
  identityStatus: IdentityChecks['identityStatus']
}

export type AccountsService = ReturnType<typeof createAccountsService>

/** Midnight of January 1st in Tokyo: the tax year's start. */
const yearStart = (year: number) => epochAtLocal('jp', `${year}-01-01`, 0)

/** The figures `/user/accounts` shows: reservations count as used (withReserved). */
function wireNisa(room: NisaRoom, reserved: bigint, openedAt: number | null): WireNisa {
  const seen = withReserved(room, reserved)
  const text = (units: bigint) => formatUnits(units)
  return {
    opened: openedAt === null ? null : localDate('jp', openedAt),
    year: room.year,
    growth_used: text(seen.growthUsed),
    growth_limit: text(NISA_LIMITS.growthYear),
    // This app sells no designated investment trust: the つみたて投資枠 is never used here.
    tsumitate_used: '0',
    tsumitate_limit: text(NISA_LIMITS.tsumitateYear),
    lifetime_used: text(seen.lifetimeUsed),
    lifetime_limit: text(NISA_LIMITS.lifetime),
    growth_lifetime_used: text(seen.growthLifetimeUsed),
    growth_lifetime_limit: text(NISA_LIMITS.growthLifetime),
    returns_next_year: text(room.returnsNextYear),
    reserved: text(reserved),
    growth_room: text(openedAt === null ? 0n : growthRoom(seen)),
  }
}

/**
 * Accounts (issue 36 point 3): the taxable account's kind, chosen only before the year's first
 * taxable sale (the year's withholding follows one kind), and the user's one NISA account.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db, clock } = deps

  return {
    async accounts(userId: bigint): Promise<AccountsAnswer> {
      const now = clock.now()
      const year = nisaYear(now)
      const [kind, sold, row, reserved] = await Promise.all([
        q.taxKindOf(db, userId),
        q.soldTaxableSince(db, userId, yearStart(year)),
        q.nisaRow(db, userId),
        q.reservedBy(db, userId),
      ])
      const room = row ? nisaAsOf(q.roomOf(row), year) : newNisaRoom(year)
      return {
        tax_account: kind ?? DEFAULT_TAXABLE_KIND,
        tax_account_locked: sold,
        nisa: wireNisa(room, reserved, row ? Number(row.opened_at) : null),
      }
    },

    async openNisa(user: SessionUser, fundPassword: string | undefined): Promise<void> {
      requireVerified(await deps.identityStatus(db, user.userId))
      await deps.verifyFundPassword(db, user.userId, fundPassword)
      const now = clock.now()
      const opened = await q.openNisa(db, user.userId, nisaYear(now), now)
      if (!opened) throw new Refusal('nisa_open_already')
    },

    async chooseTaxAccount(
      user: SessionUser,
      kind: TaxableKind,
      fundPassword: string | undefined,
    ): Promise<void> {
      await deps.verifyFundPassword(db, user.userId, fundPassword)
      await db.transaction().execute(async (trx) => {
        await lockUser(trx, user.userId)
        const now = clock.now()
        if (await q.soldTaxableSince(trx, user.userId, yearStart(nisaYear(now)))) {
          throw new Refusal('tax_account_locked')
        }
        await q.chooseTaxKind(trx, user.userId, kind, now)
      })
    },
  }
}
