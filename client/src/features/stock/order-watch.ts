import { isWorking, type WireOrder } from '@kabu/shared/api/orders'
import { statusEvent, type OrderReportEvent, type OrderWatchEvent } from './order.machine'

/** What the buy panel reads of its order (/trade/orderInfo answers more). */
export type OrderFacts = Pick<WireOrder, 'status' | 'num' | 'filled_num' | 'trigger' | 'refusal'>

/** The order machine's report of `order`. */
export const reportOf = (order: OrderFacts): OrderReportEvent => ({
  type: 'ORDER',
  status: order.status,
  num: order.num,
  filled: order.filled_num,
  trigger: order.trigger,
  refusal: order.refusal,
})

/**
 * One look at a placed buy for the order machine's watch, with the reads the app (or a test)
 * gives: the order, and once it stopped working with shares bought, their holding (which has the
 * buy's id), because the position screen may sell it while the panel is open. While the order
 * works its holding is only the part filled so far: not read, the order says more.
 *
 * @example lookAtOrder(() => fetchOrder(id), () => fetchHolding('jpy', id).then((h) => h?.status))
 */
export function lookAtOrder(
  readOrder: () => Promise<OrderFacts>,
  readHolding: () => Promise<number | undefined>,
): () => Promise<OrderWatchEvent[]> {
  return async () => {
    const order = await readOrder()
    if (isWorking(order.status) || order.filled_num === 0) return [reportOf(order)]
    const holding = statusEvent((await readHolding()) ?? -1)
    return holding ? [reportOf(order), holding] : [reportOf(order)]
  }
}
