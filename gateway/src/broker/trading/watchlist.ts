import type { Kysely } from 'kysely'
import type { WatchEntry } from '@kabu/shared/api/trade'
import type { Market } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { Refusal } from '../refusal'

/** Most codes one watchlist keeps: a phone list, and a bound on what one user can store. */
export const WATCHLIST_MAX = 200

/** The watchlist of `/trade/selflist|selfadd|selfdel`, per market. */
export function createWatchlist(deps: {
  db: Kysely<Database>
  clock: Clock
  market: MarketService
}) {
  const { db, clock, market } = deps
  const listed = (code: string, on: Market) => {
    const listing = market.listing(code)
    if (!listing || listing.kind !== 'stock' || listing.market !== on) {
      throw new Refusal('not_listed')
    }
    return listing
  }

  return {
    async list(userId: bigint, on: Market): Promise<WatchEntry[]> {
      const rows = await db
        .selectFrom('watchlist')
        .select(['code', 'created_at'])
        .where('user_id', '=', userId)
        .where('market', '=', on)
        .orderBy('created_at', 'desc')
        .execute()
      return rows.flatMap((r) => {
        const listing = market.listing(r.code)
        return listing ? [{ code: r.code, name: listing.name, added: Number(r.created_at) }] : []
      })
    },

    /** Adding a code twice keeps one entry (the call is safe to repeat). */
    async add(userId: bigint, code: string, on: Market): Promise<void> {
      const listing = listed(code, on)
      const count = await db
        .selectFrom('watchlist')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      if (Number(count.n) >= WATCHLIST_MAX) throw new Refusal('insufficient_quota')
      await db
        .insertInto('watchlist')
        .values({ user_id: userId, code: listing.code, market: on, created_at: clock.now() })
        .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
        .execute()
    },

    async remove(userId: bigint, code: string, on: Market): Promise<void> {
      const listing = listed(code, on)
      await db
        .deleteFrom('watchlist')
        .where('user_id', '=', userId)
        .where('code', '=', listing.code)
        .execute()
    },
  }
}
