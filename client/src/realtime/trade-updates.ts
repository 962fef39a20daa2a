import type { UserEvent } from '@kabu/shared/realtime'
import { useEffect } from 'react'
import { filter, type Observable } from 'rxjs'
import { userEvents$ } from './user-events'

export type TradeUpdate = Extract<UserEvent, { type: 'trade:updated' }>

/**
 * The user's orders that changed on the market's side (a resting order filled), all of them or
 * only order `id`. Screens re-read on it instead of waiting for their next poll.
 *
 * @example tradeUpdates$('42').subscribe(() => reload())
 */
export function tradeUpdates$(
  id?: string,
  events$: Observable<UserEvent> = userEvents$(),
): Observable<TradeUpdate> {
  return events$.pipe(
    filter(
      (e): e is TradeUpdate => e.type === 'trade:updated' && (id === undefined || e.id === id),
    ),
  )
}

export type OrderUpdate = Extract<UserEvent, { type: 'order:updated' }>

/**
 * The changes of order `id` (placed, filled in part or whole, triggered, cancelled, lapsed). The
 * event carries no quantity or trigger: a screen that shows them re-reads the order on it.
 *
 * @example orderUpdates$('42').subscribe(() => reload())
 */
export function orderUpdates$(
  id: string,
  events$: Observable<UserEvent> = userEvents$(),
): Observable<OrderUpdate> {
  return events$.pipe(filter((e): e is OrderUpdate => e.type === 'order:updated' && e.id === id))
}

/** Calls `onUpdate` while mounted whenever {@link tradeUpdates$} fires; `onUpdate` must be stable. */
export function useTradeUpdates(onUpdate: (update: TradeUpdate) => void, id?: string): void {
  useEffect(() => {
    const subscription = tradeUpdates$(id).subscribe(onUpdate)
    return () => subscription.unsubscribe()
  }, [onUpdate, id])
}

/**
 * Whether an event means the user's holdings changed: a resting order filled (`trade:updated`),
 * any order placed, filled, cancelled or lapsed (`order:updated`), a block request approved into a holding (`review:decided`, block), a
 * credit position's margin call made, lifted or liquidated, or trust funds applied to its debt.
 */
export const changesHoldings = (e: UserEvent): boolean =>
  e.type === 'trade:updated' ||
  // An order's change moves its unfilled row (status 2) or makes a holding of what filled.
  e.type === 'order:updated' ||
  e.type === 'credit:call' ||
  (e.type === 'review:decided' &&
    (e.kind === 'block' || e.kind === 'credit') &&
    e.status === 'approved')

/** Calls `onChange` while mounted whenever {@link changesHoldings}; `onChange` must be stable. */
export function useHoldingsChanged(onChange: () => void): void {
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter(changesHoldings))
      .subscribe(() => onChange())
    return () => subscription.unsubscribe()
  }, [onChange])
}
