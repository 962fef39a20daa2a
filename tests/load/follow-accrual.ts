/**
 * The daily follow-product accrual at scale: 100,000 orders following one Tokyo product, one
 * trading day's profit paid by the gateway's own pass (broker/follow/jobs.ts → settle.ts) on
 * SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL. Prints how long the pass took and, as
 * the reference measured in the same run, one UPDATE touching every order (median of 5), in wall
 * time and (SQLite) this process's CPU time. Checks what a figure could hide: every order paid its
 * one day, exactly its dayProfit, one ledger line each, and the ledger's invariants. Prints figures
 * only; it never asserts a timing (issue 36: ≤ 10 s on SQLite). With FOLLOW_PROFILE set, the timed
 * pass alone is CPU-profiled into that file (on PostgreSQL into the file with `.pg` before it).
 *
 *   [TEST_DATABASE_URL=…] [FOLLOW_PROFILE=accrual.cpuprofile] npx tsx tests/load/follow-accrual.ts [orders=100000]
 */
import { sql } from 'kysely'
import { accrualInstants, accruedThrough, dayProfit } from '@kabu/shared/api/follow'
import { createApp, type App } from '../../gateway/src/app'
import { checkLedger } from '../../gateway/src/broker/ledger/check'
import { fundingTx } from '../../gateway/src/broker/follow/postings'
import { insertIssuer, insertProduct } from '../../gateway/src/broker/follow/products.sql'
import { loadConfig } from '../../gateway/src/config'
import { migrateToLatest } from '../../gateway/src/store/index'
import { freshDatabase } from '../support/db'
import { insertLoadUsers } from './load-users'
import { profileInto } from './cpu-profile'
import { againstReference, onEachStore, referenceOf, timed } from './timed'

const ORDERS = Math.max(1_000, Number.parseInt(process.argv[2] ?? '', 10) || 100_000)
const CHUNK = 1_000
const DAY = 86_400_000
const PRINCIPAL = 100_000n * 10_000n
const RATE = '0.0012'
const LOCK_DAYS = 5n

/** The issuer, funded for the most profit every order could earn, and its product. */
async function seedProduct(app: App, now: number, deadline: number, days: number) {
  const maxProfit = accruedThrough(PRINCIPAL, RATE, days, 'JPY')
  const funding = maxProfit * BigInt(ORDERS)
  return app.db.transaction().execute(async (trx) => {
    const issuerId = await insertIssuer(trx, { account: 'issuer.load', inviteCode: 'ILOAD', now })
    await app.broker.ledger.post(trx, fundingTx(issuerId, 'LOAD-FUND', 'JPY', funding))
    const productId = await insertProduct(trx, {
      issuer_id: issuerId,
      issuer: 'Load issuer',
      name_ja: '負荷',
      name_zh: '负载',
      name_en: 'Load',
      market: 'jp',
      currency: 'JPY',
      daily_rate: RATE,
      min_amount: PRINCIPAL,
      capacity: PRINCIPAL * BigInt(ORDERS),
      funding,
      lock_days: LOCK_DAYS,
      opens_at: now - DAY,
      deadline,
      created_by: 'load',
      created_at: now,
    })
    return { productId, maxProfit }
  })
}

/**
 * ORDERS accounts, each following the product with PRINCIPAL since `boughtAt`. Their principal is
 * not moved into their product books: the pass pays profit only, and the ledger check needs no
 * more than what the pass and the funding posted.
 */
async function seedOrders(app: App, productId: bigint, maxProfit: bigint, boughtAt: number) {
  for (let first = 0; first < ORDERS; first += CHUNK) {
    const count = Math.min(CHUNK, ORDERS - first)
    await app.db.transaction().execute(async (trx) => {
      const users = await insertLoadUsers(trx, 'follow', first, count, boughtAt)
      await trx
        .insertInto('product_orders')
        .values(
          users.map((u, i) => ({
            product_id: productId,
            user_id: u.id,
            order_no: `LOAD-F${first + i}`,
            currency: 'JPY',
            amount: PRINCIPAL,
            max_profit: maxProfit,
            accrued_until: BigInt(boughtAt),
            lock_until: BigInt(boughtAt) + LOCK_DAYS * BigInt(DAY),
            created_at: BigInt(boughtAt),
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
    // Bought a day ago; the next two Tokyo accrual instants from now: the first is the one paid,
    // the deadline well after it.
    const now = Date.now()
    const boughtAt = now - DAY
    const [payAt] = accrualInstants('jp', now, now + 10 * DAY)
    const deadline = payAt! + 30 * DAY
    const days = accrualInstants('jp', boughtAt, deadline).length
    const { productId, maxProfit } = await seedProduct(app, boughtAt, deadline, days)
    const seeded = await timed(() => seedOrders(app, productId, maxProfit, boughtAt))

    // Days from the buy up to now are due too: pay those first, untimed, so the timed pass pays
    // exactly one day, as the daily job does.
    app.clock.set(now)
    await app.broker.products.jobs.runOnce()
    const paidBefore = await paidDays(app)
    app.clock.set(payAt! + 60_000)
    const profile = process.env.FOLLOW_PROFILE
    const stopProfile = await profileInto(
      label === 'SQLite' ? profile : profile?.replace(/(\.cpuprofile)?$/, '.pg$1'),
    )
    const pass = await timed(() => app.broker.products.jobs.runOnce())
    await stopProfile()
    const paidAfter = await paidDays(app)

    const ref = await referenceOf(() =>
      sql`update product_orders set lock_until = lock_until where product_id = ${productId}`.execute(
        app.db,
      ),
    )
    const day = Number(paidAfter.days / BigInt(ORDERS))
    const expected = dayProfit(PRINCIPAL, RATE, day, 'JPY') * BigInt(ORDERS)
    const lines = await app.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', 'product_profit')
      .executeTakeFirstOrThrow()
    const check = await checkLedger(app.db)
    const { line, reference } = againstReference(label, ref)
    console.log(`${label}: ${ORDERS.toLocaleString()} orders following one product`)
    console.log(line(`one day's accrual (day ${day})`, pass))
    console.log(reference('one UPDATE of every order'))
    const allPaid = paidAfter.days - paidBefore.days === BigInt(ORDERS)
    const exact = paidAfter.profit - paidBefore.profit === expected
    console.log(
      `  every order paid one day: ${allPaid ? 'yes' : 'NO'}; exactly dayProfit: ${exact ? 'yes' : 'NO'}; ` +
        `${Number(lines.n).toLocaleString()} product_profit ledger transactions; ` +
        `seeding ${(seeded.wall / 1000).toFixed(1)} s; ledger check ${check.ok ? 'ok' : check.violations.join('; ')}`,
    )
  } finally {
    await app.stop()
    await database.drop()
  }
}

/** Days paid and profit paid, over every order. */
async function paidDays(app: App) {
  const row = await app.db
    .selectFrom('product_orders')
    .select([
      sql<bigint>`cast(sum(days_paid) as bigint)`.as('days'),
      sql<bigint>`cast(sum(profit) as bigint)`.as('profit'),
    ])
    .executeTakeFirstOrThrow()
  return { days: BigInt(row.days), profit: BigInt(row.profit) }
}

await onEachStore(measure)
