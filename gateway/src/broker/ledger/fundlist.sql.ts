import type { Kysely } from 'kysely'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'

/**
 * One page of a user's ledger lines in a currency, newest first. Scoped by the user's own
 * accounts, so nobody else's line can appear whatever the filters say.
 */
export function fundLines(
  db: Kysely<Database>,
  filter: {
    userId: bigint
    currency: Currency
    kind: string | undefined
    book: string | undefined
    /** Epoch ms: lines at or after `since`, before `until`. */
    since: number | undefined
    until: number | undefined
    limit: number
    offset: number
  },
) {
  let query = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .select([
      't.kind',
      't.order_no',
      't.created_at',
      'e.amount',
      'e.balance_after',
      'a.book',
      'a.currency',
    ])
    .where('a.user_id', '=', filter.userId)
    .where('a.currency', '=', filter.currency)
  if (filter.kind !== undefined) query = query.where('t.kind', '=', filter.kind)
  if (filter.book !== undefined) query = query.where('a.book', '=', filter.book)
  if (filter.since !== undefined) query = query.where('t.created_at', '>=', BigInt(filter.since))
  if (filter.until !== undefined) query = query.where('t.created_at', '<', BigInt(filter.until))
  return query.orderBy('e.id', 'desc').limit(filter.limit).offset(filter.offset).execute()
}
