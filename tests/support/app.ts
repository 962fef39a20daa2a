import { createApp, type App, type AppDeps } from '../../gateway/src/app'
import { checkLedger } from '../../gateway/src/broker/ledger/check'
import { loadConfig } from '../../gateway/src/config'
import { freshDatabase, type TestDatabase } from './db'

export interface TestApp {
  app: App
  /** `http://127.0.0.1:<port>` */
  url: string
  database: TestDatabase
  /** Row count of a table, to prove a request wrote nothing. */
  count(table: 'users' | 'sessions' | 'settings'): Promise<number>
  stop(): Promise<void>
}

/** The demo login every test app is seeded with (the defaults of config.ts). */
export const DEMO = { account: 'demo0001', password: 'demo-pass-2026', invite: 'DEMO2026' }

/**
 * A real gateway on a free port over a fresh database (SQLite, or PostgreSQL under
 * TEST_DATABASE_URL), seeded with the demo login. The session rate limit is lifted unless a test
 * sets its own.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>
    deps?: AppDeps
    /** Runs on the built app before it starts (e.g. takeOverQuotes, which must precede start). */
    beforeStart?: (app: App) => void
  } = {},
): Promise<TestApp> {
  // Migrated already (a copy of the run's template): start() finds nothing to apply.
  const database = await freshDatabase({ migrated: true })
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEMO: '1',
    MARKET_HOURS: 'always',
    // The market's own splits and dividends would move holdings under suites that jump the clock
    // by days: a test that wants them runs the job itself (tests/api/actions.support.ts).
    ACTIONS_JOB_MS: '3600000',
    // Parallel suites on one Redis and PostgreSQL keep their keys and leader locks apart.
    REDIS_PREFIX: `test-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
    ...database.env,
    ...options.env,
  })
  const app = createApp(config, {
    sessionRateLimit: { windowMs: 60_000, limit: 100_000 },
    ...options.deps,
  })
  try {
    options.beforeStart?.(app)
    const { port } = await app.start()
    return {
      app,
      url: `http://127.0.0.1:${port}`,
      database,
      count: async (table) => {
        const row = await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
        return Number(row.n)
      },
      // Every test app checks the ledger's invariants as it stops: whatever a suite did to the
      // money, it must leave the books balanced.
      stop: async () => {
        // (A suite that closed the store on purpose, as the /health test does, has nothing to check.)
        const violations = await checkLedger(app.db).then(
          (r) => r.violations,
          () => [],
        )
        await app.stop()
        await database.drop()
        if (violations.length) throw new Error(`ledger invariants broken: ${violations.join('; ')}`)
      },
    }
  } catch (error) {
    await app.stop()
    await database.drop()
    throw error
  }
}
