import type { HoldingRow } from './trading.sql'

/** How many just-bought holdings are kept; past it the oldest go (their sell reads them back). */
const KEPT = 10_000

/**
 * Holdings this gateway has just bought at the market, as the buy wrote them, for their first
 * sell: on PostgreSQL that sell is then one statement, with no read of the row before it.
 *
 * A kept row can only be stale in what a sell's write checks anyway: every sell moves the row
 * only while it is still held with the number of shares it counted on (the one-winner rule of
 * concurrent sells). The other columns the rules read (owner, code, market, buy price and time)
 * never change once a market buy has written them, and the buy fee changes only with the shares
 * (a partial sell). So a stale row (sold meanwhile through another gateway or an operator's
 * SQL) costs a refusal, and the sell is then run again from the database (see sell). An entry
 * goes with the first sell that asks for it.
 */
export class FreshHoldings {
  private readonly rows = new Map<bigint, HoldingRow>()

  keep(row: HoldingRow): void {
    this.rows.set(row.id, row)
    if (this.rows.size > KEPT) this.rows.delete(this.rows.keys().next().value!)
  }

  /** The user's kept holding `id`, forgotten from now on; undefined when none is kept. */
  take(userId: bigint, id: bigint): HoldingRow | undefined {
    const row = this.rows.get(id)
    if (row?.user_id !== userId) return undefined
    this.rows.delete(id)
    return row
  }
}
