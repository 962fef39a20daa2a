import { withholdsAtSale } from '@kabu/shared/tax/tax-kind'
import { coveringYen, inYen } from '@kabu/shared/tax/foreign-sale'
import { taxStep, type TaxStep } from '@kabu/shared/tax/withholding'
import type { Currency } from '@kabu/shared/money/currencies'
import type { DividendTax, ExpectedDividend } from './dividends.sql'
import type { NewTaxEvent, SaleState } from './tax.sql'

const NO_YEAR: SaleState['year'] = { net: 0n, national: 0n, local: 0n }

/** A foreign dividend's rate: yen per unit of its currency at the payment's instant. */
export interface DividendRate {
  currency: Currency
  rate: string
}

/**
 * Each holder's step of `year` for a dividend paid on one date, in memory: in 源泉徴収あり the
 * dividend joins the year's netting (配当受入: against a loss it is withheld less), and its row's
 * withholding and net are rewritten; in the other kinds it stays withheld at source as recorded,
 * outside the netting (the user files). Answers the rows to rewrite and every holder's event, its
 * `sale_tx_id` left for the payment's ledger transaction.
 *
 * A foreign dividend (`fx` given) joins in yen as a foreign sale does (in-yen.ts): what is left
 * after the tax at source converts at the payment's rate; the Japanese withholding on the year's
 * rise is taken in the dividend's currency, each part rounded up to its minor unit (coveringYen),
 * never more than the dividend left (a dividend of a cent or two); its event's figures are yen,
 * with the rate (in the other kinds, its withholding at source in yen at that rate). A dividend
 * only raises the net, so it never refunds.
 *
 * Each event is one object literal: built by spreading a helper's object and adding the rest, the
 * loop took seconds for 100,000 holders (V8 makes such objects slow to build and to read).
 */
export function dividendSteps(
  rows: readonly ExpectedDividend[],
  years: ReadonlyMap<bigint, SaleState['year']>,
  year: number,
  now: number,
  fx: DividendRate | null = null,
): { withheld: DividendTax[]; events: NewTaxEvent[] } {
  const withheld: DividendTax[] = []
  const events: NewTaxEvent[] = []
  const at = BigInt(now)
  const toYen = (units: bigint) => (fx === null ? units : inYen(units, fx.rate))
  for (const r of rows) {
    const held = years.get(r.userId) ?? NO_YEAR
    const before = { year, net: held.net, withheld: { national: held.national, local: held.local } }
    const amount = r.gross - r.withheldForeign
    const gain = toYen(amount)
    const foreign = toYen(r.withheldForeign)
    let step: TaxStep
    if (withholdsAtSale(r.taxKind)) {
      step = taxStep(before, year, gain)
      const taken = fx === null ? cappedAt(step.change, amount) : takenIn(step.change, fx, amount)
      withheld.push({ id: r.id, ...taken, net: amount - taken.national - taken.local })
      step = asTaken(step, before, taken, fx)
    } else {
      const change = { national: toYen(r.withheldNational), local: toYen(r.withheldLocal) }
      step = { after: before, change }
    }
    events.push({
      user_id: r.userId,
      year,
      kind: 'dividend',
      at,
      trade_date: r.payDate,
      code: r.code,
      currency: r.currency,
      account: r.taxKind,
      shares: r.shares,
      gross: gain + foreign,
      foreign_tax: foreign,
      fees: 0n,
      cost: 0n,
      gain,
      national: step.change.national,
      local: step.change.local,
      year_net: step.after.net,
      year_national: step.after.withheld.national,
      year_local: step.after.withheld.local,
      basis_drift: 0n,
      fx_rate: fx === null ? null : fx.rate,
      sale_tx_id: null,
      tax_tx_id: null,
    })
  }
  return { withheld, events }
}

/**
 * A withholding of yen `change` taken from a foreign dividend of `amount` (its currency's units):
 * each part rounded up to the currency's minor unit, national first, together never more than
 * `amount`.
 */
export function takenIn(
  change: TaxStep['change'],
  fx: DividendRate,
  amount: bigint,
): TaxStep['change'] {
  const national = min(coveringYen(change.national, fx.rate, fx.currency), amount)
  const local = min(coveringYen(change.local, fx.rate, fx.currency), amount - national)
  return { national, local }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b)

/** A yen withholding taken from a dividend of `amount` yen: national first, together never more. */
function cappedAt(change: TaxStep['change'], amount: bigint): TaxStep['change'] {
  const national = min(change.national, amount)
  return { national, local: min(change.local, amount - national) }
}

/**
 * The step as the year records it when a dividend was too small to cover its withholding (a
 * dividend of a yen or a cent or two, where the year's step crosses a yen of tax): each part the
 * yen actually taken, so a later refund never gives back more than was taken, and the shortfall
 * stays due, taken by the year's next withholding. A part taken in full records the yen due, as a
 * sale's does.
 */
function asTaken(
  step: TaxStep,
  before: TaxStep['after'],
  taken: TaxStep['change'],
  fx: DividendRate | null,
): TaxStep {
  const part = (due: bigint, units: bigint) => {
    if (fx === null) return units < due ? units : due
    return due > 0n && units < coveringYen(due, fx.rate, fx.currency) ? inYen(units, fx.rate) : due
  }
  const change = {
    national: part(step.change.national, taken.national),
    local: part(step.change.local, taken.local),
  }
  if (change.national === step.change.national && change.local === step.change.local) return step
  const withheld = {
    national: before.withheld.national + change.national,
    local: before.withheld.local + change.local,
  }
  return { after: { ...step.after, withheld }, change }
}
