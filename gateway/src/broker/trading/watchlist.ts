import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { WatchEntry } from '@kabu/shared/api/trade'
import { marketTypeSchema } from '@kabu/shared/api/user'
import type { Market } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { MarketService } from '../../market/index'
import { lockUser, type Database } from '../../store/index'
import { Refusal } from '../common/refusal'

/** Most codes one watchlist keeps: a phone list, and a bound on what one user can store. */
export const WATCHLIST_MAX = 200

/**
 * `/trade/selfsort`: `type` and `codes`, the market's whole watchlist in its new order, as repeated
 * `codes` fields or one comma-separated field (what a form post can carry).
 */
export const watchSortRequest = z.object({
  type: marketTypeSchema,
  codes: z
    .union([z.string().max(WATCHLIST_MAX * 13), z.array(z.string()).max(WATCHLIST_MAX)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')))
    .pipe(
      z
        .array(z.string().regex(/^[0-9A-Za-z.]{1,12}$/))
        .min(1)
        .max(WATCHLIST_MAX)
        .refine((codes) => new Set(codes.map((c) => c.toUpperCase())).size === codes.length),
    ),
})

/** The watchlist of `/trade/selflist|selfadd|selfdel|selfsort`, per market, in the user's order. */
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
        .orderBy('position', 'asc')
        .orderBy('created_at', 'desc')
        .execute()
      return rows.flatMap((r) => {
        const listing = market.listing(r.code)
        return listing ? [{ code: r.code, name: listing.name, added: Number(r.created_at) }] : []
      })
    },

    /** Adding a code twice keeps one entry (the call is safe to repeat); a new one goes on top. */
    async add(userId: bigint, code: string, on: Market): Promise<void> {
      const listing = listed(code, on)
      await db.transaction().execute(async (trx) => {
        // Counted under the user's lock: two adds at once each saw room for one more.
        await lockUser(trx, userId)
        const count = await trx
          .selectFrom('watchlist')
          .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
        if (Number(count.n) >= WATCHLIST_MAX) throw new Refusal('insufficient_quota')
        const top = await trx
          .selectFrom('watchlist')
          .select((eb) => eb.fn.min<bigint | null>('position').as('p'))
          .where('user_id', '=', userId)
          .where('market', '=', on)
          .executeTakeFirst()
        const position = top?.p == null ? 0n : BigInt(top.p) - 1n
        await trx
          .insertInto('watchlist')
          .values({
            user_id: userId,
            code: listing.code,
            market: on,
            created_at: clock.now(),
            position,
          })
          .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
          .execute()
      })
    },

    async remove(userId: bigint, code: string, on: Market): Promise<void> {
      const listing = listed(code, on)
      await db
        .deleteFrom('watchlist')
        .where('user_id', '=', userId)
        .where('code', '=', listing.code)
        .execute()
    },

    /**
     * Puts the market's watchlist in the order of `codes`, which must name each of its entries
     * once: a list that misses one (another device changed it meanwhile) is refused, not guessed.
     */
    async sort(userId: bigint, codes: readonly string[], on: Market): Promise<void> {
      const wanted = codes.map((code) => listed(code, on).code)
      await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('watchlist')
          .select('code')
          .where('user_id', '=', userId)
          .where('market', '=', on)
          .execute()
        const stored = new Set(rows.map((r) => r.code))
        if (wanted.some((code) => !stored.has(code))) throw new Refusal('not_found')
        if (wanted.length !== stored.size) throw new Refusal('invalid_input')
        for (const [position, code] of wanted.entries()) {
          await trx
            .updateTable('watchlist')
            .set({ position })
            .where('user_id', '=', userId)
            .where('code', '=', code)
            .execute()
        }
      })
    },
  }
}
