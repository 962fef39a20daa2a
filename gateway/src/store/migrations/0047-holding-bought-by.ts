import type { Kysely, Migration } from 'kysely'

/**
 * `holdings.bought_by`: the buy order whose fills a row's shares came from, on a row split off
 * another (a partial sell's part, an amended sell's shares held again); null on the rest, whose
 * own id is their buy order's (0029-order-ids) or no order's (an IPO or block allotment). The tax
 * book converts a foreign lot's cost to yen fill by fill through it (`order_fills`): a dated buy
 * filled over several days, each fill at its own instant's rate. Rows split before it have none
 * and convert at their buy instant, as before.
 */
export function holdingBoughtBy(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('holdings').addColumn('bought_by', 'bigint').execute()
    },
  }
}
