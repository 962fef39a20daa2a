import type { Kysely } from 'kysely'
import { creditOf, isOverdue, type Credit, type CreditRecord } from '@kabu/shared/loans'
import type { Currency } from '@kabu/shared/money/currencies'
import type { LoanSettings } from '../../config'
import type { Database } from '../../store/index'
import { VERIFIED } from '../common/identity-checks'
import * as q from './loans.sql'

const DAY_MS = 86_400_000

export type IdentityStatusOf = (db: Kysely<Database>, userId: bigint) => Promise<number>

/**
 * Reads the user's record for the published formula (shared/src/loans.ts) and applies it: the
 * only place the gateway decides a limit, for the info screen, a request and its review alike.
 */
export async function readCredit(
  db: Kysely<Database>,
  deps: { identityStatus: IdentityStatusOf; settings: LoanSettings },
  userId: bigint,
  currency: Currency,
  now: number,
): Promise<{ record: CreditRecord; credit: Credit }> {
  const termMs = deps.settings.termDays * DAY_MS
  const loans = await q.settledOrOwed(db, userId, currency)
  const record: CreditRecord = {
    verified: (await deps.identityStatus(db, userId)) === VERIFIED,
    accountAgeDays: Math.floor((now - (await q.registeredAt(db, userId))) / DAY_MS),
    depositsTotal: await q.approvedDepositsTotal(db, userId, currency),
    repaidOnTime: loans.filter(
      (l) =>
        l.status === q.REPAID &&
        l.decided_at !== null &&
        l.repaid_at !== null &&
        Number(l.repaid_at) <= Number(l.decided_at) + termMs,
    ).length,
    overdue: loans.filter(
      (l) =>
        l.status === q.APPROVED &&
        l.decided_at !== null &&
        isOverdue(Number(l.decided_at), deps.settings.termDays, now),
    ).length,
  }
  return { record, credit: creditOf(record, currency) }
}
