import type { Kysely } from 'kysely'
import type { UserEvent } from '@kabu/shared/realtime'
import type { Database } from '../../store/index'

/** A split as resting orders see it: `num` new shares for `den` old (one of them is 1). */
export interface OrderSplit {
  code: string
  num: bigint
  den: bigint
  /** Orders placed from then on already trade at the new prices. */
  exStart: number
}

/**
 * The port through which the corporate-actions area has trading adjust the working orders of a
 * code on a split's ex-date, in the caller's transaction: each order adjusted, or cancelled with
 * its frozen cash released. Answers the `/user` events to send, by user, after the commit.
 */
export type SplitOrders = (
  db: Kysely<Database>,
  split: OrderSplit,
  now: number,
) => Promise<{ userId: bigint; event: UserEvent }[]>
