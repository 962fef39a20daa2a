import type { Kysely } from 'kysely'
import { CURRENCIES, type Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import * as q from './figures.sql'

/**
 * The house's books of cash that came through the bank: what customers paid in and took out
 * (`bank_clearing`), the house's takings (fees, the FX spread) and the tax withheld (national and
 * local), which sits in the bank until it is paid to the tax office but is no longer customers'.
 */
const CASH_BOOKS = ['bank_clearing', 'fees', 'fx', 'tax', 'tax_local']

export interface Reconciliation {
  ok: boolean
  checkedAt: number
  customer: Map<Currency, bigint>
  segregated: Map<Currency, bigint>
}

/**
 * The live reconciliation, in every currency: customers' money (their books, what they owe
 * subtracted) against the segregated account's book, read from the other side of the ledger: what
 * the bank account holds for customers (minus bank clearing: every deposit came in and every
 * withdrawal went out through it) less the house's own takings (fees, the FX spread), less the tax
 * withheld for the tax office and less what
 * product issuers hold to pay customers' profits. The house's `loans` and `credit` books are left
 * out because they hold exactly −2 × what customers owe, which the customer side has subtracted;
 * any posting that broke double entry, or a debt book out of step, shows as a difference.
 */
export async function reconcile(db: Kysely<Database>, now: number): Promise<Reconciliation> {
  const read = async (trx: Kysely<Database>) =>
    [await q.customerTotals(trx), await q.houseTotals(trx), await q.issuerTotals(trx)] as const
  // One snapshot, so money moving meanwhile cannot look like a difference.
  const [customers, house, issuers] = db.isTransaction
    ? await read(db)
    : await db.transaction().setIsolationLevel('repeatable read').execute(read)
  const customer = new Map<Currency, bigint>()
  const segregated = new Map<Currency, bigint>()
  for (const currency of CURRENCIES) {
    customer.set(currency, customers.find((r) => r.currency === currency)?.total ?? 0n)
    const cash = house
      .filter((r) => r.currency === currency && CASH_BOOKS.includes(r.book))
      .reduce((sum, r) => sum + r.total, 0n)
    const setAside = issuers.find((r) => r.currency === currency)?.total ?? 0n
    segregated.set(currency, -cash - setAside)
  }
  const ok = CURRENCIES.every((c) => customer.get(c) === segregated.get(c))
  return { ok, checkedAt: now, customer, segregated }
}

/**
 * Reuses one reconciliation for `everyMs` (the panel is opened by many phones; the sums read every
 * account), so `checked_at` says how fresh it is.
 */
export function reconciler(db: Kysely<Database>, clock: Clock, everyMs: number) {
  let last: Promise<Reconciliation> | undefined
  let lastAt = -Infinity
  return (): Promise<Reconciliation> => {
    const now = clock.now()
    if (!last || now - lastAt >= everyMs || now < lastAt) {
      lastAt = now
      last = reconcile(db, now)
      last.catch(() => {
        last = undefined
      })
    }
    return last
  }
}
