import { filter, from, mergeMap, type Observable } from 'rxjs'
import type { UserEvent } from '@kabu/shared/realtime'
import { LISTENING, type UserFeedItem } from '../../realtime/user-events'
import type { CreditEvent, PositionEvent } from './credit.machine'

/** The position's call as a fresh read tells it: CALLED with its deadline, or MET without one. */
export type ReadCall = () => Promise<PositionEvent | undefined>

/**
 * What the credit machine hears of position `id`: its `/user` pushes (credit:call, its closing
 * trade:updated, the verdicts on trust funds), and at each {@link LISTENING} a read of its call,
 * so a call made while the socket was away or not yet joined is still seen. A sale of the user's
 * that filled at once (a market sale from another screen or device) is told only as the order's
 * `order:updated`, which does not name the holding: it is read again then too. A read is dropped
 * when a push about the call arrived while it was on its way: the push is the newer word.
 */
export function creditEvents$(
  id: string,
  feed$: Observable<UserFeedItem>,
  readCall: ReadCall,
): Observable<CreditEvent> {
  let pushes = 0
  return feed$.pipe(
    mergeMap((item) => {
      if (item.type === LISTENING.type || aSaleFilled(item)) {
        const seen = pushes
        return from(readCall().catch(() => undefined)).pipe(
          filter((event): event is PositionEvent => event !== undefined && pushes === seen),
        )
      }
      const event = fromPush(id, item)
      if (event && event.type !== 'VERDICT') pushes++
      return event ? [event] : []
    }),
  )
}

function fromPush(id: string, e: UserEvent): CreditEvent | undefined {
  if (e.type === 'credit:call' && e.id === id) {
    if (e.status === 'called')
      return { type: 'CALLED', deadline: e.deadline ?? 0, amount: e.amount }
    return { type: e.status === 'met' ? 'MET' : 'LIQUIDATED' }
  }
  if (e.type === 'review:decided' && e.kind === 'credit') {
    return {
      type: 'VERDICT',
      requestId: e.id,
      status: e.status === 'approved' ? 'approved' : 'rejected',
      ...(e.reason ? { reason: e.reason } : {}),
    }
  }
  if (e.type === 'trade:updated' && e.id === id && e.status === 4) return { type: 'CLOSED' }
  return undefined
}

const aSaleFilled = (e: UserEvent) =>
  e.type === 'order:updated' && e.side === 'sell' && e.status === 'filled'
