import type { Kysely } from 'kysely'
import type { Database, OperatorRole } from '../../store/index'
import type { OperatorAccounts } from './accounts'

/** The demo's operator logins, printed in the start banner (main.ts). */
export const DEMO_OPERATOR_LOGINS: Record<OperatorRole, string> = {
  admin: 'admin',
  reviewer: 'reviewer',
}

/**
 * Demo mode: an admin and a reviewer exist, so the console can be tried at once and four eyes has
 * two different people. Each is created only while missing (a restart keeps a changed password).
 */
export async function seedDemoOperators(
  db: Kysely<Database>,
  accounts: OperatorAccounts,
  passwords: Record<OperatorRole, string>,
): Promise<string[]> {
  const created: string[] = []
  for (const role of ['admin', 'reviewer'] as const) {
    const login = DEMO_OPERATOR_LOGINS[role]
    const exists = await db
      .selectFrom('operators')
      .select('id')
      .where('login', '=', login)
      .executeTakeFirst()
    if (exists) continue
    const displayName = role === 'admin' ? 'Demo admin' : 'Demo reviewer'
    await accounts.create({ login, displayName, role, password: passwords[role], by: 'demo-seed' })
    created.push(login)
  }
  return created
}
