import type { Kysely } from 'kysely'
import type { TaxKind } from '@kabu/shared/tax/tax-kind'
import type { Database } from '../../store/index'
import { prepared } from '../../store/prepared'

const kindRow = prepared((db, p: { userId: bigint }) =>
  db.selectFrom('tax_accounts').select('kind').where('user_id', '=', p.userId),
)

/**
 * The kind of the user's taxable account: the one place the tax reads it. The accounts area
 * writes it (`/user/taxAccount`); no row is 特定口座 源泉徴収あり, every user's account until they
 * choose another before the year's first taxable sale.
 */
export async function taxKindOf(trx: Kysely<Database>, userId: bigint): Promise<TaxKind> {
  const { rows } = await kindRow(trx, { userId })
  return rows[0]?.kind ?? 'tokutei_withholding'
}
