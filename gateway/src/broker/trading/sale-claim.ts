import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import type { Database } from '../../store/index'
import { holdingById, type HoldingRow } from './trading.sql'

/** What a sell takes from a holding: how many shares, at what limit (null: at the market). */
export interface SaleClaim {
  num: bigint
  sellPrice: bigint | null
  /** The order number of the part split off by a partial sell (a whole sell keeps its own). */
  orderNo: string
  /** When the sell was placed: prints from before it never fill it (see the matcher). */
  orderedAt: number
}

/**
 * The buy fee that goes with `num` of a holding's shares: its pro-rata share, rounded down to the
 * unit so that the two parts of a split always add up to the fee that was charged.
 */
const buyFeeShare = (h: HoldingRow, num: bigint): bigint => (h.buy_fee * num) / h.stock_num

/**
 * `num` of `h`'s shares split off: their share of its buy fee and of the cost it keeps (buy_cost,
 * rounded down in the same way), and what `h` keeps of each, so the two parts add up to it.
 */
function splitOff(h: HoldingRow, num: bigint) {
  const fee = buyFeeShare(h, num)
  const cost = h.buy_cost === null ? null : (h.buy_cost * num) / h.stock_num
  return {
    part: { num, fee, cost },
    rest: {
      stock_num: h.stock_num - num,
      buy_fee: h.buy_fee - fee,
      buy_cost: h.buy_cost === null || cost === null ? null : h.buy_cost - cost,
    },
  }
}

/**
 * The row of a part split off `h` (splitOff) as its own holding in `status`, with the same buy
 * price and time.
 */
function partOf(
  h: HoldingRow,
  part: ReturnType<typeof splitOff>['part'] & { status: number; orderNo: string },
  sale?: { sellPrice: bigint | null; orderedAt: number },
) {
  return {
    user_id: h.user_id,
    order_no: part.orderNo,
    code: h.code,
    market: h.market,
    currency: h.currency,
    status: part.status,
    stock_num: part.num,
    limit_price: h.limit_price,
    buy_price: h.buy_price,
    buy_fee: part.fee,
    buy_cost: part.cost,
    frozen: 0n,
    buy_time: h.buy_time,
    created_at: h.created_at,
    account: h.account,
    bought_by: h.bought_by ?? h.id,
    ...(sale ? { sell_price: sale.sellPrice, sell_ordered_at: sale.orderedAt } : {}),
  }
}

/**
 * Moves the shares a sell takes into a closing row, inside the sell's transaction, only if the
 * holding is still in holding state with the quantity the checks saw. That condition is what makes
 * concurrent sells of one holding (whole or partial) end with exactly one winner; the loser gets
 * null and writes nothing.
 *
 * A whole sell moves the holding itself. A partial sell shrinks the holding (same buy price and
 * time, so the 15-minute and T+1 rules still count from the original buy) and inserts the sold part
 * as its own row with its share of the buy fee; that row then closes like any other (a resting
 * part that is cancelled goes back to holding as a holding of its own).
 */
export async function claimForSale(
  db: Kysely<Database>,
  h: HoldingRow,
  claim: SaleClaim,
): Promise<HoldingRow | null> {
  const stillHeld = db
    .updateTable('holdings')
    .where('id', '=', h.id)
    .where('status', '=', BigInt(HOLDING.holding))
    .where('stock_num', '=', h.stock_num)
  if (claim.num === h.stock_num) {
    const moved = await stillHeld
      .set({
        status: HOLDING.closing,
        sell_price: claim.sellPrice,
        sell_ordered_at: claim.orderedAt,
      })
      .executeTakeFirst()
    if (moved.numUpdatedRows !== 1n) return null
    return {
      ...h,
      status: BigInt(HOLDING.closing),
      sell_price: claim.sellPrice,
      sell_ordered_at: BigInt(claim.orderedAt),
    }
  }
  const { part, rest } = splitOff(h, claim.num)
  const shrunk = await stillHeld.set(rest).executeTakeFirst()
  if (shrunk.numUpdatedRows !== 1n) return null
  return db
    .insertInto('holdings')
    .values(partOf(h, { ...part, status: HOLDING.closing, orderNo: claim.orderNo }, claim))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * The `num` shares a resting sell on closing row `h` has just sold, split off as a closing row
 * of their own for the sale to close; `h` keeps the rest, still closing. Null, writing nothing,
 * when `h` has moved since it was read.
 */
export async function splitSold(
  db: Kysely<Database>,
  h: HoldingRow,
  num: bigint,
  orderNo: string,
): Promise<HoldingRow | null> {
  const { part, rest } = splitOff(h, num)
  const shrunk = await db
    .updateTable('holdings')
    .set(rest)
    .where('id', '=', h.id)
    .where('status', '=', BigInt(HOLDING.closing))
    .where('stock_num', '=', h.stock_num)
    .executeTakeFirst()
  if (shrunk.numUpdatedRows !== 1n) return null
  const sale = { sellPrice: h.sell_price, orderedAt: Number(h.sell_ordered_at ?? h.created_at) }
  return db
    .insertInto('holdings')
    .values(partOf(h, { ...part, status: HOLDING.closing, orderNo }, sale))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * An amended resting sell on holding `id` (訂正): the closing row keeps `to` of its `from` shares
 * at the new limit, with their share of the buy fee; the shares taken off are held again as a
 * holding of their own (same buy price and time). Only while the row is still closing with `from`
 * shares; false, writing nothing, otherwise.
 */
export async function lowerRestingSell(
  db: Kysely<Database>,
  id: bigint,
  change: { from: bigint; to: bigint; price: bigint | null; orderNo: string },
): Promise<boolean> {
  const h = await holdingById(db, id)
  if (h?.status !== BigInt(HOLDING.closing) || h.stock_num !== change.from) return false
  const { part, rest } = splitOff(h, change.from - change.to)
  const moved = await db
    .updateTable('holdings')
    .set({ ...rest, sell_price: change.price })
    .where('id', '=', id)
    .where('status', '=', BigInt(HOLDING.closing))
    .where('stock_num', '=', change.from)
    .executeTakeFirst()
  if (moved.numUpdatedRows !== 1n) return false
  if (part.num === 0n) return true
  const back = { ...part, status: HOLDING.holding, orderNo: change.orderNo }
  await db.insertInto('holdings').values(partOf(h, back)).execute()
  return true
}
