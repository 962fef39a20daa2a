import type SqliteDatabase from 'better-sqlite3'

const NOTICE = 'kabu_session_notice'

/**
 * What decides whether a session is live, as PostgreSQL's triggers watch it (migrations 0011 and
 * 0033): a session changed or deleted; a user's status, trading bar or account changed, or the user
 * deleted; a self-freeze set, changed or lifted. TEMP triggers live on this connection only and are
 * not part of the schema, so they are made afresh each time the gateway follows.
 */
const TRIGGERS = [
  ['sessions', 'after update on sessions', 'old.user_id'],
  ['sessions_gone', 'after delete on sessions', 'old.user_id'],
  ['users', 'after update of status, trading_barred, account on users', 'old.id'],
  ['users_gone', 'after delete on users', 'old.id'],
  ['freeze_set', 'after insert on self_freezes', 'new.user_id'],
  ['freeze_changed', 'after update on self_freezes', 'old.user_id'],
  ['freeze_lifted', 'after delete on self_freezes', 'old.user_id'],
] as const

export interface SqliteSessionNotices {
  /**
   * Whether another connection (an operator's sqlite3, a script) committed since last asked: its
   * changes fire none of these triggers, so a cache must then forget everything.
   */
  writtenElsewhere(): boolean
}

/**
 * SQLite's counterpart of PostgreSQL's session notices: `notice(userId)` runs inside the statement
 * that changed one of that user's rows, before its transaction commits. So a cache forgets at
 * once; a change rolled back afterwards has only made it read again. `connection` is the store's
 * one writer, every gateway query's connection (sqlite.ts).
 */
export function followSessionNotices(
  connection: SqliteDatabase.Database,
  notice: (userId: bigint) => void,
): SqliteSessionNotices {
  connection.function(NOTICE, { deterministic: false }, (userId: unknown) => {
    if (typeof userId === 'bigint') notice(userId)
    return null
  })
  for (const [name, on, userId] of TRIGGERS) {
    connection.exec(`drop trigger if exists temp.${NOTICE}_${name}`)
    connection.exec(
      `create temp trigger ${NOTICE}_${name} ${on} begin select ${NOTICE}(${userId}); end`,
    )
  }
  const version = connection.prepare('pragma data_version').pluck()
  let seen: unknown = version.get()
  return {
    writtenElsewhere() {
      const now = version.get()
      if (now === seen) return false
      seen = now
      return true
    },
  }
}
