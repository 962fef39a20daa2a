/**
 * True when a write failed on a UNIQUE constraint, in either store: better-sqlite3 reports
 * `SQLITE_CONSTRAINT_UNIQUE`, pg reports SQLSTATE 23505. Services use it to turn a lost race (two
 * registrations of one account) into the same refusal the pre-check gives.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false
  const code = (error as { code: unknown }).code
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  )
}
