import type { Kysely, Migration } from 'kysely'

/**
 * A sale's stamp duty on its own (spec §9 names the sell fee and stamp duty apart): from here on a
 * closed holding's `sell_fee` is the broker's sell fee alone and `stamp_duty` China's duty (0
 * elsewhere). Sales recorded before keep null here, their `sell_fee` holding both as charged: the
 * rates of that day are not kept, so splitting them now would be a guess.
 */
export function saleStampDuty(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('holdings').addColumn('stamp_duty', 'bigint').execute()
    },
  }
}
