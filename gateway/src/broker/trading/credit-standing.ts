import type { WireCredit } from '@kabu/shared/api/trade'
import {
  belowRatio,
  callFor,
  maintenancePercent,
  ratioPercent,
  shortEquity,
} from '@kabu/shared/market/credit'
import type { Market } from '@kabu/shared/market/types'
import { formatUnits } from '@kabu/shared/money/decimal'
import { costOf, type HoldingRow } from './trading.sql'

/**
 * Where a credit position stands at market `value` (a short: its cost to cover): its equity, and
 * whether it is under watch at all (a credit buy that owes, every short). The list, the margin
 * call job and the buy panel all read these published rules (shared/market/credit.ts).
 */
export function standing(h: HoldingRow, value: bigint): { watched: boolean; equity: bigint } {
  if (h.side === 'short') {
    const s = { proceeds: costOf(h), held: h.frozen, owed: h.credit_debt }
    return { watched: true, equity: shortEquity(s, value) }
  }
  return { watched: h.credit_debt > 0n, equity: value - h.credit_debt }
}

/** Whether the position is below the maintenance ratio (a margin call's condition). */
export function isBelow(h: HoldingRow, value: bigint): boolean {
  const { watched, equity } = standing(h, value)
  return watched && belowRatio(value, equity)
}

/** What a call on the position asks for now: 0 when it is not below the ratio. */
export function callDue(h: HoldingRow, value: bigint): bigint {
  const { watched, equity } = standing(h, value)
  return watched ? callFor(value, equity, h.market as Market) : 0n
}

/** A credit position's figures at market value `value`, as the lists carry them. */
export function creditOf(h: HoldingRow, value: bigint): WireCredit {
  const { equity } = standing(h, value)
  return {
    debt: formatUnits(h.credit_debt),
    interest: formatUnits(h.credit_interest),
    trust_funds: formatUnits(h.trust_funds),
    ratio:
      h.side === 'short' ? ratioPercent(value, equity) : maintenancePercent(value, h.credit_debt),
    call_deadline: h.call_deadline === null ? null : Number(h.call_deadline),
    call_amount: formatUnits(callDue(h, value)),
  }
}
