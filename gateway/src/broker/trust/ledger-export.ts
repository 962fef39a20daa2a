import type { Kysely } from 'kysely'
import { LEDGER_EXPORT_COLUMNS } from '@kabu/shared/api/trust'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Database } from '../../store/index'

/** The wallet's books: cash the user may use and cash held for their pending requests. */
export const WALLET_BOOKS = ['available', 'frozen'] as const

/** Every line of the user's wallet in one currency, oldest first (scoped by the user's id). */
export function walletLines(db: Kysely<Database>, userId: bigint, currency: Currency) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .select(['e.id', 't.kind', 't.order_no', 't.created_at', 'e.amount', 'a.book'])
    .where('a.user_id', '=', userId)
    .where('a.currency', '=', currency)
    .where('a.book', 'in', WALLET_BOOKS)
    .orderBy('e.id')
    .execute()
}

// A field with a comma, quote or line break is quoted, its quotes doubled (RFC 4180); one that a
// spreadsheet would run as a formula is prefixed with a quote mark.
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/**
 * The wallet (available + frozen) as CSV: one row per ledger line, oldest first, with the running
 * balance of the wallet after it, so the last row's running balance is the wallet's balance. A
 * move between the two books (a withdrawal's freeze) is two lines that leave the balance as it was.
 */
export async function ledgerCsv(
  db: Kysely<Database>,
  userId: bigint,
  currency: Currency,
): Promise<{ csv: string; balance: bigint; lines: number }> {
  const rows = await walletLines(db, userId, currency)
  let balance = 0n
  const out = [LEDGER_EXPORT_COLUMNS.join(',')]
  rows.forEach((r, i) => {
    balance += r.amount
    out.push(
      [
        String(i + 1),
        new Date(Number(r.created_at)).toISOString(),
        r.kind,
        r.order_no,
        r.book,
        currency,
        formatUnits(r.amount),
        formatUnits(balance),
      ]
        .map(field)
        .join(','),
    )
  })
  return { csv: `${out.join('\r\n')}\r\n`, balance, lines: rows.length }
}
