import type { Kysely } from 'kysely'
import type { Database } from '../../store/index'
import { operatorIdOf } from './operator-label'

/** What one back-office action did, as the audit trail keeps it. */
export interface AuditEntry {
  operator: string
  action: string
  target: string
  before: unknown
  after: unknown
}

// Rows hold bigints (ids, money units); JSON has no such type, so they are kept as exact strings.
const toJson = (value: unknown) =>
  JSON.stringify(value ?? null, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))

/** Inside the action's own transaction, so an action and its audit row stand or fall together. */
export async function audit(trx: Kysely<Database>, entry: AuditEntry, at: number): Promise<void> {
  await trx
    .insertInto('audit')
    .values({
      operator: entry.operator,
      operator_id: operatorIdOf(entry.operator) ?? null,
      action: entry.action,
      target: entry.target,
      before_json: toJson(entry.before),
      after_json: toJson(entry.after),
      at,
    })
    .execute()
}

export const AUDIT_PAGE_SIZE = 50

/** A page of the trail, newest first, optionally of one target (`user:taro1`, `deposit:12`). */
export async function auditPage(db: Kysely<Database>, options: { page: number; target?: string }) {
  let query = db.selectFrom('audit').selectAll()
  if (options.target) query = query.where('target', '=', options.target)
  const rows = await query
    .orderBy('id', 'desc')
    .offset((options.page - 1) * AUDIT_PAGE_SIZE)
    .limit(AUDIT_PAGE_SIZE)
    .execute()
  return rows.map((row) => ({
    id: row.id.toString(),
    operator: row.operator,
    operator_id: row.operator_id === null ? null : row.operator_id.toString(),
    action: row.action,
    target: row.target,
    before: JSON.parse(row.before_json) as unknown,
    after: JSON.parse(row.after_json) as unknown,
    at: Number(row.at),
  }))
}
