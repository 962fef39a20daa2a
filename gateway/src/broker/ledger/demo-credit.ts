import type { Kysely } from 'kysely'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { Currency } from '@kabu/shared/money/currencies'
import type { Database } from '../../store/index'
import { idempotent } from '../common/idempotency'
import type { Ledger } from './index'

/** What the demo account finds in its wallets on first start, so a newcomer sees money. */
export const DEMO_OPENING: ReadonlyArray<[Currency, string]> = [
  ['JPY', '1000000'],
  ['USD', '10000'],
  ['CNY', '50000'],
]

/**
 * The demo seed's opening deposit: real ledger transactions from the house bank_clearing book
 * (kind 'deposit'), one per currency, under a fixed idempotency key so starting the demo again
 * never credits twice. Returns how many deposits were posted now (0 on a re-seed).
 */
export async function creditDemoOpening(
  db: Kysely<Database>,
  ledger: Ledger,
  account: string,
): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
    .executeTakeFirstOrThrow()
  let posted = 0
  for (const [currency, amount] of DEMO_OPENING) {
    const units = parseUnits(amount) ?? 0n
    const key = { userId: user.id, scope: 'demo_opening', idem: currency, body: { currency } }
    await idempotent(db, key, async (trx) => {
      posted++
      return ledger.post(trx, {
        kind: 'deposit',
        userId: user.id,
        orderNo: `DEMO-${currency}`,
        postings: [
          { account: { house: 'bank_clearing', currency }, amount: -units },
          { account: { user: user.id, book: 'available', currency }, amount: units },
        ],
      })
    })
  }
  return posted
}
