import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'

/** The channel a gateway LISTENs on; each notice's payload is a user id. */
export const SESSION_NOTICES = 'kabu_sessions'

/**
 * PostgreSQL only: NOTIFY `kabu_sessions` with the user's id whenever something that decides
 * whether a session is live changes — a session revoked or deleted, a user's status, trading bar or
 * account changed, a user deleted — whoever wrote it (this gateway, another one, an operator's SQL).
 * The gateways' session caches drop that user's sessions on the notice (SessionCache). PostgreSQL
 * sends a notice only once its transaction commits, and sends one per user per transaction. SQLite
 * gets the same triggers as TEMP ones of its one connection, made when the gateway starts, not
 * stored (store/sqlite-notices.ts).
 */
export function sessionNotices(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return
      await sql`
        create function kabu_session_notice() returns trigger language plpgsql as $$
        begin
          -- Each branch is planned when it first runs, so each reads only its own table's column.
          if tg_table_name = 'sessions' then
            perform pg_notify(${sql.lit(SESSION_NOTICES)}, old.user_id::text);
          else
            perform pg_notify(${sql.lit(SESSION_NOTICES)}, old.id::text);
          end if;
          return null;
        end $$`.execute(db)
      await sql`
        create trigger sessions_notice after update or delete on sessions
        for each row execute function kabu_session_notice()`.execute(db)
      await sql`
        create trigger users_notice after update of status, trading_barred, account or delete
        on users for each row execute function kabu_session_notice()`.execute(db)
    },
  }
}
