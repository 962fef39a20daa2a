import type { Kysely } from 'kysely'
import { LEDGER_EXPORT_COLUMNS } from '@kabu/shared/api/trust'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import { formatDetail } from '@kabu/shared/tax/ledger-detail'
import type { Database } from '../../store/index'

/** The wallet's books: cash the user may use and cash held for their pending requests. */
export const WALLET_BOOKS = ['available', 'frozen'] as const

/** Every line of the user's wallet in one currency, oldest first (scoped by the user's id). */
export function walletLines(db: Kysely<Database>, userId: bigint, currency: Currency) {
  return (
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
      // A sale's, a dividend's or a withholding's line carries the tax event it belongs to.
      .leftJoin('tax_events as x', (j) =>
        j
          .onRef('x.user_id', '=', 'a.user_id')
          .on((eb) =>
            eb.or([
              eb('x.sale_tx_id', '=', eb.ref('t.id')),
              eb('x.tax_tx_id', '=', eb.ref('t.id')),
            ]),
          ),
      )
      .select([
        'e.id',
        't.id as tx_id',
        't.kind',
        't.order_no',
        't.created_at',
        'e.amount',
        'a.book',
      ])
      .select([
        'x.kind as x_kind',
        'x.sale_tx_id as x_sale_tx',
        'x.code as x_code',
        'x.trade_date as x_date',
        'x.year as x_year',
        'x.shares as x_shares',
        'x.gross as x_gross',
        'x.foreign_tax as x_foreign',
        'x.fees as x_fees',
        'x.cost as x_cost',
        'x.gain as x_gain',
        'x.national as x_national',
        'x.local as x_local',
        'x.year_net as x_year_net',
        'x.year_national as x_year_national',
        'x.year_local as x_year_local',
        'x.account as x_account',
        'x.fx_rate as x_rate',
      ])
      .where('a.user_id', '=', userId)
      .where('a.currency', '=', currency)
      .where('a.book', 'in', WALLET_BOOKS)
      .orderBy('e.id')
      .execute()
  )
}

type WalletLine = Awaited<ReturnType<typeof walletLines>>[number]

/**
 * The tax computation a line carries (shared/tax/ledger-detail.ts): a sale's proceeds, fees,
 * moving-average cost and gain; a dividend's withholding; a withholding's or refund's year before
 * and after. Empty on every other line. A foreign sale's or dividend's are yen, with the rate they
 * were taken at; its withholding's line moves its own currency (the yen rounded up to that currency's unit).
 */
function detailOf(r: WalletLine): string {
  if (r.x_kind === null || r.x_code === null) return ''
  const n = (v: bigint | null) => BigInt(v ?? 0n)
  const head = {
    code: r.x_code,
    date: r.x_date ?? '',
    year: Number(r.x_year),
    account: r.x_account ?? '',
  }
  const national = n(r.x_national)
  const local = n(r.x_local)
  // A foreign sale's or dividend's figures are yen at this rate (yen per unit of the line's currency).
  const rate: Record<string, string> = r.x_rate === null ? {} : { rate: r.x_rate }
  if (n(r.x_sale_tx) !== r.tx_id) {
    const net = n(r.x_year_net)
    return formatDetail('tax', {
      ...head,
      net_before: net - n(r.x_gain),
      net_after: net,
      due_national: n(r.x_year_national),
      due_local: n(r.x_year_local),
      national,
      local,
      ...rate,
    })
  }
  if (r.x_kind === 'dividend') {
    const gross = n(r.x_gross)
    const foreign = n(r.x_foreign)
    return formatDetail('dividend', {
      ...head,
      shares: n(r.x_shares).toString(),
      gross,
      foreign,
      national,
      local,
      net: gross - foreign - national - local,
      ...rate,
    })
  }
  return formatDetail('sale', {
    ...head,
    shares: n(r.x_shares).toString(),
    proceeds: n(r.x_gross),
    fees: n(r.x_fees),
    cost: n(r.x_cost),
    gain: n(r.x_gain),
    national,
    local,
    ...rate,
  })
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
        detailOf(r),
      ]
        .map(field)
        .join(','),
    )
  })
  return { csv: `${out.join('\r\n')}\r\n`, balance, lines: rows.length }
}
