import type { Kysely } from 'kysely'
import { PAYOUT_MEDIAN_MIN_COUNT, type RefusalRule, type TrustPanel } from '@kabu/shared/api/trust'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { TrustSettings } from '../../config'
import type { Database } from '../../store/index'
import { APPROVED } from '../common/review-rows'
import { unitsToWire } from '../common/wire-money'
import * as q from './figures.sql'
import { ledgerCsv } from './ledger-export'
import { reconciler } from './reconciliation'
import type { SelfFreezes } from './self-freeze'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
/** The window of the withdrawal median. */
const MEDIAN_DAYS = 30
/** A follow order still earning (products.sql.ts FOLLOWING: the products' own status code). */
const PRODUCT_FOLLOWING = 0n

export interface TrustDeps {
  db: Kysely<Database>
  clock: Clock
  settings: TrustSettings
  selfFreezes: SelfFreezes
  /** The withdrawal area's table of refusal rules, as published (composition root). */
  withdrawRefusalRules: (currency: Currency) => RefusalRule[]
}

export type TrustService = ReturnType<typeof createTrustService>

/** The median of sorted numbers (the mean of the middle two for an even count). */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * The trust panel: who runs the service and where client money is held (settings), the live
 * reconciliation, the follow products' obligations against their issuers' books, how fast
 * withdrawals are paid, every rule that can refuse one (the withdrawal area's own table), and the
 * user's self-freeze. Each figure is read, not written down somewhere to drift.
 */
export function createTrustService(deps: TrustDeps) {
  const { db, clock, settings } = deps
  const reconciliation = reconciler(db, clock, settings.reconcileMs)

  async function withdrawalsPaid() {
    const from = clock.now() - MEDIAN_DAYS * DAY_MS
    const took = await q.paidWithdrawalDurations(db, from, APPROVED)
    const mid = took.length < PAYOUT_MEDIAN_MIN_COUNT ? null : median(took)
    return {
      // Hours to one decimal place: the panel's precision above an hour.
      hours: mid === null ? null : Math.round((mid / HOUR_MS) * 10) / 10,
      // Below an hour, whole minutes rounded up: "within 3 minutes" stays true of the median,
      // where "within 0.0 hours" said nothing (issue 34 item 13).
      minutes: mid === null ? null : Math.max(1, Math.ceil(mid / MINUTE_MS)),
      count: took.length,
    }
  }

  async function productObligations(currency: Currency) {
    const owed = await q.productOwed(db, currency, PRODUCT_FOLLOWING)
    const issuers = await q.issuerTotals(db)
    const funds = issuers.find((r) => r.currency === currency)?.total ?? 0n
    return { owed: unitsToWire(owed), issuer_funds: unitsToWire(funds), covered: funds >= owed }
  }

  return {
    async panel(userId: bigint, currency: Currency): Promise<TrustPanel> {
      const r = await reconciliation()
      const paid = await withdrawalsPaid()
      return {
        operator: settings.operator,
        registration: settings.registration,
        segregated_account: settings.segregatedAccount,
        currency,
        reconciliation: {
          ok: r.ok,
          checked_at: r.checkedAt,
          customer_total: unitsToWire(r.customer.get(currency) ?? 0n),
          segregated_total: unitsToWire(r.segregated.get(currency) ?? 0n),
        },
        product_obligations: await productObligations(currency),
        withdrawals_paid_median_hours: paid.hours,
        withdrawals_paid_median_minutes: paid.minutes,
        withdrawals_paid_count: paid.count,
        refusal_rules: deps.withdrawRefusalRules(currency),
        self_freeze: await deps.selfFreezes.state(userId),
      }
    },

    ledgerCsv: (userId: bigint, currency: Currency) => ledgerCsv(db, userId, currency),
  }
}
