/**
 * The IPO draw at scale: one offer, 100,000 applications (one per account, 1–3 lots each), drawn
 * by the gateway's own draw (broker/ipo/draw.ts) on SQLite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL. Prints how long the draw took, how many ledger transactions it posted (every refund
 * in one pass: one), and, as the reference measured in the same run, one UPDATE touching every
 * application row (the least any draw must write), in wall time and in this process's CPU time
 * (SQLite runs inside it; CPU time swings far less than wall time on a busy machine). Checks what a figure could hide: the books
 * still balance, and the allocations recomputed from the public draw equal the stored ones.
 * Prints figures only; it never asserts a timing (issue 13: ≤ 2 s on SQLite). With DRAW_PROFILE
 * set, the draw alone is CPU-profiled into that file (open it in Chrome's DevTools).
 *
 *   [DRAW_PROFILE=draw.cpuprofile] npx tsx tests/load/ipo-draw.ts [applications=100000]
 */
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { drawCommitment, drawAllocations } from '@kabu/shared/market/ipo-draw'
import { createApp, type App } from '../../gateway/src/app'
import { checkLedger } from '../../gateway/src/broker/ledger/check'
import type { Posting } from '../../gateway/src/broker/ledger/index'
import { loadConfig } from '../../gateway/src/config'
import { migrateToLatest } from '../../gateway/src/store/index'
import { freshDatabase } from '../support/db'
import type { LedgerKind } from '@kabu/shared/lines/index'
import { insertLoadUsers } from './load-users'
import { profileInto } from './cpu-profile'

const APPLICATIONS = Math.max(1_000, Number.parseInt(process.argv[2] ?? '', 10) || 100_000)
const LOTS_OFFERED = Math.floor(APPLICATIONS / 20)
const LOT = 100n
const PRICE = 1_500n * 10_000n
const CHUNK = 1_000
const DAY = 86_400_000

const ms = (since: number) => performance.now() - since
/** CPU time (user + system) this process spent since `since`, in ms. */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

/** The offer, its accounts, their frozen cash (through the ledger) and their applications. */
async function seed(app: App): Promise<bigint> {
  const now = app.clock.now()
  const seed = randomBytes(32).toString('hex')
  const offer = await app.db
    .insertInto('ipo_offers')
    .values({
      source_key: null,
      code: '9999',
      market: 'jp',
      currency: 'JPY',
      name_ja: '負荷試験',
      name_zh: '负载测试',
      name_en: 'Load test',
      price: PRICE,
      lot: LOT,
      user_limit_lots: 3n,
      lots_offered: BigInt(LOTS_OFFERED),
      subscribe_start: now - 2 * DAY,
      subscribe_end: now - DAY,
      lottery_at: now - DAY,
      pay_deadline: now + DAY,
      listing_at: now + 2 * DAY,
      underwriter: 'load test',
      pe: null,
      summary_ja: '-',
      summary_zh: '-',
      summary_en: '-',
      simulated: 1n,
      seed,
      commitment: drawCommitment(seed),
      created_by: 'load',
      created_at: now - 2 * DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (let first = 0; first < APPLICATIONS; first += CHUNK) {
    const count = Math.min(CHUNK, APPLICATIONS - first)
    await app.db.transaction().execute(async (trx) => {
      const users = await insertLoadUsers(trx, 'load', first, count, now)
      const asks = users.map((u, i) => ({ user: u.id, lots: BigInt(1 + ((first + i) % 3)) }))
      // Cash arrives in each account, then the application freezes it, as a subscription does.
      const cost = (lots: bigint) => lots * LOT * PRICE
      const book = (user: bigint, b: 'available' | 'frozen') =>
        ({ user, book: b, currency: 'JPY' }) as const
      const arrive: Posting[] = asks.flatMap(({ user, lots }) => [
        { account: { house: 'bank_clearing', currency: 'JPY' }, amount: -cost(lots) },
        { account: book(user, 'available'), amount: cost(lots) },
      ])
      const freeze: Posting[] = asks.flatMap(({ user, lots }) => [
        { account: book(user, 'available'), amount: -cost(lots) },
        { account: book(user, 'frozen'), amount: cost(lots) },
      ])
      const post = (kind: LedgerKind, postings: Posting[]) =>
        app.broker.ledger.post(trx, { kind, userId: null, orderNo: `LOAD-${first}`, postings })
      await post('deposit', arrive)
      await post('ipo_freeze', freeze)
      await trx
        .insertInto('ipo_applications')
        .values(
          asks.map(({ user, lots }, i) => ({
            offer_id: offer.id,
            user_id: user,
            order_no: `LOAD-${first + i}`,
            ref: randomBytes(6).toString('hex'),
            lots,
            amount: lots * LOT * PRICE,
            status: 1n,
            created_at: now - DAY - 1,
          })),
        )
        .execute()
    })
  }
  return offer.id
}

async function measure(label: string, env: Record<string, string>) {
  const database = await freshDatabase()
  const app = createApp(
    loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DEMO: '0', ...database.env, ...env }),
  )
  try {
    await migrateToLatest(app.store)
    let t = performance.now()
    const offerId = await seed(app)
    const seeded = ms(t)

    const txBefore = await countTransactions(app)
    const stopProfile = await profileInto(process.env.DRAW_PROFILE)
    t = performance.now()
    let cpu = process.cpuUsage()
    const summary = await app.broker.ipo.draw.draw(offerId)
    const drawMs = ms(t)
    const drawCpuMs = cpuMs(cpu)
    await stopProfile()
    const txByDraw = (await countTransactions(app)) - txBefore

    // The reference: one statement over every application row, as little as any draw writes; the
    // median of five, since one alone swings with whatever else the machine is doing.
    const references: number[] = []
    const referenceCpu: number[] = []
    for (let i = 0; i < 5; i++) {
      t = performance.now()
      cpu = process.cpuUsage()
      await sql`update ipo_applications set settled_at = settled_at where offer_id = ${offerId}`.execute(
        app.db,
      )
      references.push(ms(t))
      referenceCpu.push(cpuMs(cpu))
    }
    const referenceMs = references.sort((a, b) => a - b)[2] as number
    const referenceCpuMs = referenceCpu.sort((a, b) => a - b)[2] as number

    const check = await checkLedger(app.db)
    const stored = await app.db
      .selectFrom('ipo_applications')
      .select(['ref', 'lots', 'won_lots'])
      .where('offer_id', '=', offerId)
      .execute()
    const offer = await app.db
      .selectFrom('ipo_offers')
      .select('seed')
      .where('id', '=', offerId)
      .executeTakeFirstOrThrow()
    const recomputed = new Map(
      drawAllocations(
        offer.seed,
        stored.map((a) => ({ ref: a.ref, lots: Number(a.lots) })),
        LOTS_OFFERED,
      ).map((a) => [a.ref, a.lots]),
    )
    const equal = stored.every((a) => (recomputed.get(a.ref) ?? 0) === Number(a.won_lots))

    console.log(
      `${label}: ${summary.entries.toLocaleString()} applications, ${summary.lots_asked.toLocaleString()} lots asked, ` +
        `${summary.lots_won.toLocaleString()} of ${LOTS_OFFERED.toLocaleString()} won by ${summary.winners.toLocaleString()} accounts`,
    )
    console.log(
      `  draw ${(drawMs / 1000).toFixed(2)} s; ledger transactions it posted: ${txByDraw}; ` +
        `reference (one UPDATE of every row, median of 5) ${referenceMs.toFixed(0)} ms; draw/reference ${(drawMs / referenceMs).toFixed(1)}×`,
    )
    // CPU time of this process: steadier than wall time on a busy machine, and the whole draw's
    // only on SQLite, which runs inside it (PostgreSQL's work is in its own processes).
    if (label === 'SQLite')
      console.log(
        `  CPU: draw ${(drawCpuMs / 1000).toFixed(2)} s, reference ${referenceCpuMs.toFixed(0)} ms, draw/reference ${(drawCpuMs / referenceCpuMs).toFixed(1)}×`,
      )
    console.log(
      `  seeding took ${(seeded / 1000).toFixed(1)} s; ledger check ${check.ok ? 'ok' : check.violations.join('; ')}; ` +
        `recomputed from the public seed: ${equal ? 'equal' : 'DIFFERENT'}`,
    )
  } finally {
    await app.stop()
    await database.drop()
  }
}

async function countTransactions(app: App): Promise<number> {
  const row = await app.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

// freshDatabase picks PostgreSQL when TEST_DATABASE_URL is set: SQLite first without it.
const postgresUrl = process.env.TEST_DATABASE_URL
delete process.env.TEST_DATABASE_URL
await measure('SQLite', {})
if (postgresUrl) {
  process.env.TEST_DATABASE_URL = postgresUrl
  await measure('PostgreSQL', {})
}
