import { sql, type Kysely } from 'kysely'
import type { Database } from '../../store/index'
import type { KeyRow } from '../common/idempotency'
import { Refusal } from '../common/refusal'
import type { Ledger, LedgerTxInput } from '../ledger/index'
import { buyOrderValues, type OrderValues } from './order-rows'
import { NEXT_ID } from './orders.sql'
import * as q from './trading.sql'

/**
 * A market buy on PostgreSQL as ONE statement (the hot path, issue 4): the cash debited first,
 * then the holding (the business row, which takes the holdings' next id), its order of the same
 * id, the fill and the idempotency key. `row` is the filled order as service.ts priced it.
 * Refused with insufficient_balance, having written nothing, when the debit would overdraw.
 */
export async function marketBuyStatement(
  db: Kysely<Database>,
  ledger: Ledger,
  order: { row: q.NewOrder; tx: LedgerTxInput },
  keyRow: KeyRow,
): Promise<{ holding: q.HoldingRow; placed: OrderValues & { id: bigint } }> {
  const { row, tx } = order
  const fee = row.filledFee ?? 0n
  const { price, now: at } = row
  const holding = q.boughtHolding(0n, row, { price, fee, at, placedAt: at })
  const values = buyOrderValues(row, 0n)
  const posted = await ledger.post(db, tx, {
    business: {
      at: 'last',
      write: (guard) =>
        q.insertSelect('holdings', { ...holding, id: NEXT_ID }, sql`where ${guard}`),
      also: [
        (biz) => {
          const id = sql`${biz}.id`
          return q.insertSelect('orders', { ...values, id, holding_id: id }, sql`from ${biz}`)
        },
        (biz) => {
          const fill = { order_id: sql`${biz}.id`, num: row.num, price, fee, at }
          return q.insertSelect('order_fills', fill, sql`from ${biz}`)
        },
      ],
    },
    key: keyRow,
  })
  if (!posted) throw new Refusal('insufficient_balance')
  const id = posted.businessId
  return {
    holding: q.writtenHolding({ ...holding, id }),
    placed: { ...values, id, holding_id: id },
  }
}
