import { sql } from 'kysely'
import type { TestApp } from '../support/app'
import { fieldPatterns, formShape } from '../support/zod-form'

/**
 * The kinds of id the /api/vue calls take, for the tests that walk the route table
 * (cross-user.test.ts, every-route-fuzz.test.ts): which form field names which kind of thing, and
 * where a user's things of each kind are found. A field is an id by its name or by the pattern of
 * our ids; one of no known kind fails cross-user.test.ts until it is named here.
 */

/** Where a user's ids of each kind are found once they have made their world (cross-user.support.ts). */
export const OWNED = {
  holding: { table: 'holdings', column: 'id' },
  order: { table: 'orders', column: 'id' },
  bank_card: { table: 'bank_cards', column: 'id' },
  support_thread: { table: 'support_threads', column: 'id' },
  passkey: { table: 'passkeys', column: 'id' },
  message: { table: 'messages', column: 'id' },
  notification: { table: 'notifications', column: 'id' },
  upload: { table: 'uploads', column: 'id' },
  loan: { table: 'loans', column: 'id' },
  ipo_application: { table: 'ipo_applications', column: 'id' },
  block_order: { table: 'block_orders', column: 'id' },
  product_order: { table: 'product_orders', column: 'id' },
  daytrade: { table: 'daytrade_participations', column: 'id' },
  alert: { table: 'alerts', column: 'id' },
  idem: { table: 'idempotency_keys', column: 'idem' },
} as const
/** Things every user may name (the catalogue): anyone may read or buy them. */
export const PUBLIC = {
  ipo_offer: 'ipo_offers',
  block_offer: 'block_offers',
  product: 'products',
  news: 'news',
} as const
export type Kind = keyof typeof OWNED | keyof typeof PUBLIC

/** The kind of id each call's field takes (`idem` fields are all of kind idem). */
export const ID_FIELDS: Record<string, Kind> = {
  '/user/messageInfo id': 'message',
  '/user/notifyRead id': 'notification',
  '/news/info id': 'news',
  '/user/verify front': 'upload',
  '/user/verify back': 'upload',
  '/user/bankDel id': 'bank_card',
  '/user/passkeyDel id': 'passkey',
  '/user/recharge voucher': 'upload',
  '/user/withdraw bank_id': 'bank_card',
  '/trade/ustocks id': 'holding',
  '/trade/sell id': 'holding',
  '/trade/buy id': 'holding',
  '/trade/cancel id': 'order',
  '/trade/orderInfo id': 'order',
  '/trade/amend id': 'order',
  '/user/repay id': 'loan',
  '/trade/newstockinfo id': 'ipo_offer',
  '/trade/subscribe id': 'ipo_offer',
  '/trade/newstockPay id': 'ipo_application',
  '/trade/newstockWaive id': 'ipo_application',
  '/trade/blockinfo id': 'block_offer',
  '/trade/blockbuy id': 'block_offer',
  '/trade/userblockinfo id': 'block_order',
  '/trade/productinfo id': 'product',
  '/trade/productbuy id': 'product',
  '/trade/productend id': 'product_order',
  '/trade/userproductinfo id': 'product_order',
  '/trade/daytradeinfo id': 'daytrade',
  '/trade/daytradeOrder id': 'daytrade',
  '/user/supportThread id': 'support_thread',
  '/user/supportSend thread': 'support_thread',
  '/user/supportSend image': 'upload',
  '/user/alertDel id': 'alert',
  '/user/alertPause id': 'alert',
}

/** Fields whose pattern looks like an id's but that are a count, a page or an amount. */
const NOT_IDS = new Set(['num', 'page', 'credit'])
/** A field takes an id by its name, or by a pattern of our ids (row numbers, upload keys). */
export const ID_NAME = /^(id|idem|thread|image|voucher|front|back)$|_id$|Id$/
const ID_PATTERN = (p: RegExp) => p.source.startsWith('^[1-9]') || p.source.includes('{22}')

export function idFieldsOf(route: { path: string; schema: unknown }): string[] {
  const shape = formShape(route.schema as Parameters<typeof formShape>[0])
  return Object.entries(shape)
    .filter(([name]) => !NOT_IDS.has(name))
    .filter(([name, field]) => ID_NAME.test(name) || fieldPatterns(field).some(ID_PATTERN))
    .map(([name]) => name)
}
export const kindOf = (path: string, field: string): Kind | undefined =>
  field === 'idem' ? 'idem' : ID_FIELDS[`${path} ${field}`]

/** The values of `column` in `table`, of one user's rows when `userId` is given. */
export async function idsOf(
  t: TestApp,
  table: string,
  column: string,
  userId?: bigint,
): Promise<string[]> {
  let query = t.app.db.selectFrom(sql.table(table).as('t')).select(sql.ref(`t.${column}`).as('v'))
  if (userId !== undefined) query = query.where(sql.ref('t.user_id'), '=', userId)
  const rows = (await query.execute()) as Array<{ v: unknown }>
  return rows.map((r) => String(r.v))
}

/** Where an answer names the account or carries one of the ids under an id-like key. */
export function mentions(data: unknown, account: string, theirIds: Set<string>, at = ''): string[] {
  if (typeof data === 'string') return data === account ? [at] : []
  if (typeof data !== 'object' || data === null) return []
  const found: string[] = []
  for (const [key, value] of Object.entries(data)) {
    const here = `${at}.${key}`
    if (ID_NAME.test(key) && (typeof value === 'string' || typeof value === 'number')) {
      if (theirIds.has(String(value))) found.push(`${here}=${String(value)}`)
    }
    found.push(...mentions(value, account, theirIds, here))
  }
  return found
}
