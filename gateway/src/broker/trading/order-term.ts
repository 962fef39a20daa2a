import { orderTerm, type OrderDays, type OrderTerm } from '@kabu/shared/market/validity'
import { Refusal } from '../common/refusal'

/** The term of an order placed at `now`, or the validity's refusal (validity_invalid, _too_long). */
export function termOrRefuse(
  days: OrderDays,
  now: number,
  validity: string,
  maxDays: number,
): OrderTerm {
  const term = orderTerm(days, now, validity, maxDays)
  if (typeof term === 'string') throw new Refusal(term)
  return term
}
