import { PAYOUT_MEDIAN_MIN_COUNT, type TrustPanel } from '@kabu/shared/api/trust'

/** A text of the catalogue with its values. */
export interface PayoutSpeedText {
  id: string
  values: Record<string, number>
}

/**
 * What the panel says of how fast withdrawals are paid: none paid; too few for a median (the
 * gateway gives none below PAYOUT_MEDIAN_MIN_COUNT); a median under an hour in minutes, where
 * hours to one decimal read "within 0 hours" (issue 34 item 13); else in hours.
 */
export function payoutSpeedText(panel: TrustPanel): PayoutSpeedText {
  const count = panel.withdrawals_paid_count
  const hours = panel.withdrawals_paid_median_hours
  const minutes = panel.withdrawals_paid_median_minutes
  if (count === 0) return { id: 'mine.trust.payouts.none', values: {} }
  if (hours === null || minutes === null) {
    return { id: 'mine.trust.payouts.tooFew', values: { count, min: PAYOUT_MEDIAN_MIN_COUNT } }
  }
  if (minutes < 60) return { id: 'mine.trust.payouts.medianMinutes', values: { minutes, count } }
  return { id: 'mine.trust.payouts.median', values: { hours, count } }
}
