import type { Transaction } from 'kysely'
import type { Database } from '../../gateway/src/store/index'

/**
 * `count` bare accounts `<prefix>{first…}` in one INSERT, for the benchmarks that seed many
 * holders or applicants; their ids in order.
 */
export async function insertLoadUsers(
  trx: Transaction<Database>,
  prefix: string,
  first: number,
  count: number,
  now: number,
): Promise<Array<{ id: bigint }>> {
  return trx
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        account: `${prefix}${first + i}`,
        password_hash: 'x',
        invite_code: `${prefix.slice(0, 1).toUpperCase()}${first + i}`,
        created_at: now,
      })),
    )
    .returning('id')
    .execute()
}
