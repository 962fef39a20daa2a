import { sql, type Kysely, type Migration } from 'kysely'
import type { StoreKind } from '../database'
import { SESSION_NOTICES } from './0011-session-notices'

/**
 * PostgreSQL only: a user's self-freezes (the trust panel) now travel with their session, read in
 * the same statement, so a change to them NOTIFYs `kabu_sessions` like a trading bar does
 * (0011-session-notices): the session caches drop that user's sessions and read them afresh.
 */
export function freezeNotices(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return
      await sql`
        create function kabu_freeze_notice() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            perform pg_notify(${sql.lit(SESSION_NOTICES)}, new.user_id::text);
          else
            perform pg_notify(${sql.lit(SESSION_NOTICES)}, old.user_id::text);
          end if;
          return null;
        end $$`.execute(db)
      await sql`
        create trigger self_freezes_notice after insert or update or delete on self_freezes
        for each row execute function kabu_freeze_notice()`.execute(db)
    },
  }
}
