/**
 * Corporate actions at scale: 100,000 holders of one code, on SQLite and, when TEST_DATABASE_URL
 * is set, on PostgreSQL, through the gateway's own job (broker/actions/jobs.ts) on a clock the
 * benchmark sets. Prints how long a dividend's holders of record took to write, how long paying
 * them took (one posting), and how long a 2:1 split over every holding took, each against the
 * reference measured in the same run: one UPDATE touching every holding (median of 5), in wall
 * time and (SQLite) this process's CPU time. Checks the ledger afterwards. Prints figures only;
 * it never asserts a timing (issue 36: ≤ 10 s each on SQLite).
 *
 *   [TEST_DATABASE_URL=…] npx tsx tests/load/corporate-actions.ts [holders=100000]
 */
import { sql } from 'kysely'
import { addDays } from '@kabu/shared/market/iso-date'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { createApp, type App } from '../../gateway/src/app'
import { createActionsJob } from '../../gateway/src/broker/actions/jobs'
import { checkLedger } from '../../gateway/src/broker/ledger/check'
import { loadConfig } from '../../gateway/src/config'
import type { ListedAction } from '../../gateway/src/market/action-schedule'
import { migrateToLatest } from '../../gateway/src/store/index'
import { freshDatabase } from '../support/db'
import { againstReference, onEachStore, referenceOf, timed } from './timed'
import { insertLoadUsers } from './load-users'

const HOLDERS = Math.max(1_000, Number.parseInt(process.argv[2] ?? '', 10) || 100_000)
const CHUNK = 1_000
const DAY = 86_400_000
const CODE = '7203'

/** HOLDERS accounts, each holding 100 shares bought two days ago. */
async function seed(app: App, now: number): Promise<void> {
  for (let first = 0; first < HOLDERS; first += CHUNK) {
    const count = Math.min(CHUNK, HOLDERS - first)
    await app.db.transaction().execute(async (trx) => {
      const users = await insertLoadUsers(trx, 'load', first, count, now)
      await trx
        .insertInto('holdings')
        .values(
          users.map((u, i) => ({
            user_id: u.id,
            order_no: `LOAD-${first + i}`,
            code: CODE,
            market: 'jp',
            currency: 'JPY',
            status: 0n,
            stock_num: 100n,
            buy_price: 3_001n * 10_000n,
            buy_time: now - 2 * DAY,
            created_at: now - 2 * DAY,
          })),
        )
        .execute()
    })
  }
}

async function measure(label: string) {
  const database = await freshDatabase()
  const app = createApp(loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DEMO: '0', ...database.env }))
  try {
    await migrateToLatest(app.store)
    const today = localDate('jp', Date.now())
    const seeded = await timed(() => seed(app, epochAtLocal('jp', today, 0)))
    const ex = addDays(today, 1)
    const base = { code: CODE, market: 'jp' as const, exDate: ex, recordDate: ex, applied: true }
    let actions: ListedAction[] = []
    let now = epochAtLocal('jp', ex, 60)
    const job = createActionsJob({
      db: app.db,
      clock: { now: () => now },
      ledger: app.broker.ledger,
      tax: app.broker.tax.book,
      nisa: app.broker.accounts.nisaBook,
      market: {
        listing: (code) => app.market.listing(code),
        actionSchedule: () => actions,
      },
      lastClose: () => 3_000n * 10_000n,
      splitOrders: app.broker.trading.splitOrders,
      userEvents: { emit: () => undefined },
      settings: app.config.actions,
      everyMs: 3_600_000,
      onError: (error) => {
        throw error
      },
    })
    const txCount = async () =>
      Number(
        (
          await app.db
            .selectFrom('ledger_transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )

    actions = [{ ...base, kind: 'dividend', payDate: addDays(ex, 2), ratio: null, cash: 45.5 }]
    const record = await timed(() => job.runOnce())
    now = epochAtLocal('jp', addDays(ex, 2), 60)
    const txBefore = await txCount()
    const pay = await timed(() => job.runOnce())
    const payTx = (await txCount()) - txBefore
    actions = [{ ...base, kind: 'split', payDate: null, ratio: 2, cash: null }]
    const split = await timed(() => job.runOnce())

    const ref = await referenceOf(() =>
      sql`update holdings set buy_fee = buy_fee where code = ${CODE}`.execute(app.db),
    )
    const paid = await app.db
      .selectFrom('dividends')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow()
    const doubled = await app.db
      .selectFrom('holdings')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('stock_num', '=', 200n)
      .executeTakeFirstOrThrow()
    const check = await checkLedger(app.db)
    const { line, reference } = againstReference(label, ref)
    console.log(`${label}: ${HOLDERS.toLocaleString()} holders of ${CODE}`)
    console.log(line('dividend holders of record', record))
    console.log(line(`dividend paid (${payTx} ledger transaction)`, pay))
    console.log(line('2:1 split', split))
    console.log(reference('one UPDATE of every holding'))
    console.log(
      `  paid ${Number(paid.n).toLocaleString()}, split ${Number(doubled.n).toLocaleString()}; ` +
        `seeding ${(seeded.wall / 1000).toFixed(1)} s; ledger check ${check.ok ? 'ok' : check.violations.join('; ')}`,
    )
  } finally {
    await app.stop()
    await database.drop()
  }
}

await onEachStore(measure)
