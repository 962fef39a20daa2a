/**
 * The forced flat at scale: 10,000 open intraday positions (two per participation, a long and a
 * short, over ten Tokyo codes) closed at the last price and settled at the market's close by the
 * gateway's own pass (broker/daytrade/flat.ts), on SQLite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL. Prints how long the pass took, the ledger transactions it posted (all settlements in
 * one), and, as the reference measured in the same run, a plain loop of single ledger postings
 * (one SQL transaction each, as an order makes them): the pass against one posting per
 * participation. Checks what a figure could hide: every participation traded, every position
 * closed by a forced fill, every intraday book empty, what came back equal to funds ± P/L − fees,
 * and the ledger's invariants. Prints figures only; it never asserts a timing (issue 14: ≤ 2 s
 * after the close on SQLite; the job schedules its pass at the close itself).
 *
 *   npx tsx tests/load/forced-flat.ts [positions=10000]
 */
import { performance } from 'node:perf_hooks'
import { createApp, type App } from '../../gateway/src/app'
import { checkLedger } from '../../gateway/src/broker/ledger/check'
import type { Posting } from '../../gateway/src/broker/ledger/index'
import { loadConfig } from '../../gateway/src/config'
import { migrateToLatest } from '../../gateway/src/store/index'
import { freshDatabase } from '../support/db'
import { insertLoadUsers } from './load-users'

const POSITIONS = Math.max(100, Number.parseInt(process.argv[2] ?? '', 10) || 10_000)
const PARTICIPATIONS = Math.ceil(POSITIONS / 2)
const CODES = ['7203', '6758', '9984', '8306', '6861', '9432', '7974', '8035', '4063', '6501']
const FUNDS = 10_000_000n * 10_000n
const CHUNK = 1_000
const REFERENCE_POSTINGS = 1_000
const HOUR = 3_600_000

const ms = (since: number) => performance.now() - since
const fmt = (n: number, digits = 0) => n.toFixed(digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

function priceOf(app: App, code: string): bigint {
  const quote = app.market.snapshot(code)
  if (!quote) throw new Error(`no quote for ${code}`)
  return BigInt(Math.round(quote.price * 10_000))
}

/** Accounts, their intraday books (as after their fills), participations trading, positions. */
async function seed(app: App, closesAt: number): Promise<void> {
  const now = app.clock.now()
  const prices = CODES.map((c) => priceOf(app, c))
  for (let first = 0; first < PARTICIPATIONS; first += CHUNK) {
    const count = Math.min(CHUNK, PARTICIPATIONS - first)
    await app.db.transaction().execute(async (trx) => {
      const users = await insertLoadUsers(trx, 'flat', first, count, now)
      const rows = users.map((u, i) => {
        const n = first + i
        const long = { code: CODES[n % CODES.length]!, price: prices[n % CODES.length]! }
        const short = {
          code: CODES[(n + 3) % CODES.length]!,
          price: prices[(n + 3) % CODES.length]!,
        }
        const qty = 100n
        // Funds − the long's cost + the short's proceeds: the book after its two opening fills.
        const book = FUNDS - qty * long.price + 100n * short.price
        return { user: u.id, n, long, short, qty, book }
      })
      // One house line for the round, so the posting takes the ledger's bulk path.
      const arrive: Posting[] = [
        ...rows.map(({ user, book }): Posting => ({
          account: { user, book: 'intraday', currency: 'JPY' },
          amount: book,
        })),
        {
          account: { house: 'bank_clearing', currency: 'JPY' },
          amount: -rows.reduce((sum, r) => sum + r.book, 0n),
        },
      ]
      await app.broker.ledger.post(trx, {
        kind: 'daytrade_fund',
        userId: null,
        orderNo: `LOAD-${first}`,
        postings: arrive,
      })
      const ids = await trx
        .insertInto('daytrade_participations')
        .values(
          rows.map(({ user, n }) => ({
            user_id: user,
            order_no: `LOAD-DT-${n}`,
            market: 'jp',
            currency: 'JPY',
            funds: FUNDS,
            status: 1n,
            opens_at: now - HOUR,
            closes_at: closesAt,
            decided_at: now - HOUR,
            decided_by: 'load',
            created_at: now - HOUR,
          })),
        )
        .returning('id')
        .execute()
      await trx
        .insertInto('daytrade_positions')
        .values(
          rows.flatMap(({ long, short, qty }, i) => [
            {
              participation_id: ids[i]!.id,
              code: long.code,
              qty,
              cost: qty * long.price,
              updated_at: now,
            },
            {
              participation_id: ids[i]!.id,
              code: short.code,
              qty: -100n,
              cost: -100n * short.price,
              updated_at: now,
            },
          ]),
        )
        .execute()
    })
  }
}

/** The reference: single postings in a loop, each its own SQL transaction (as an order posts). */
async function referenceLoop(app: App): Promise<number> {
  const user = await app.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()
  const t = performance.now()
  for (let i = 0; i < REFERENCE_POSTINGS; i++) {
    await app.db.transaction().execute((trx) =>
      app.broker.ledger.post(trx, {
        kind: 'deposit',
        userId: user.id,
        orderNo: `REF-${i}`,
        postings: [
          { account: { house: 'bank_clearing', currency: 'JPY' }, amount: -10_000n },
          { account: { user: user.id, book: 'available', currency: 'JPY' }, amount: 10_000n },
        ],
      }),
    )
  }
  return ms(t) / REFERENCE_POSTINGS
}

async function measure(label: string, env: Record<string, string>) {
  const database = await freshDatabase()
  const app = createApp(
    loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      DEMO: '0',
      MARKET_HOURS: 'always',
      ...database.env,
      ...env,
    }),
  )
  try {
    await migrateToLatest(app.store)
    const closesAt = app.clock.now() + 1_000
    let t = performance.now()
    await seed(app, closesAt)
    const seeded = ms(t)
    const countTx = async () =>
      Number(
        (
          await app.db
            .selectFrom('ledger_transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )

    app.clock.set(closesAt)
    const txBefore = await countTx()
    t = performance.now()
    const settled = await app.broker.daytrade.flattenDue()
    const flatMs = ms(t)
    const txByFlat = (await countTx()) - txBefore

    const perPosting = await referenceLoop(app)

    const forced = await app.db
      .selectFrom('daytrade_fills')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('forced', '=', 1n)
      .executeTakeFirstOrThrow()
    const left = await app.db
      .selectFrom('daytrade_positions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const traded = await app.db
      .selectFrom('daytrade_participations')
      .select(['funds', 'pnl', 'fees', 'returned', 'status'])
      .execute()
    const books = await app.db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<string | number | bigint>('balance').as('sum'))
      .where('book', '=', 'intraday')
      .executeTakeFirstOrThrow()
    const exact = traded.every((p) => p.status === 2n && p.returned === p.funds + p.pnl - p.fees)
    const check = await checkLedger(app.db)

    console.log(
      `\n${label}: ${fmt(POSITIONS)} open positions in ${fmt(PARTICIPATIONS)} participations`,
    )
    console.log(`  seeded in ${fmt(seeded)} ms`)
    console.log(
      `  forced flat + settlement  ${fmt(flatMs)} ms  (${fmt((flatMs * 1000) / POSITIONS, 1)} µs a position)`,
    )
    console.log(
      `  reference: one posting    ${fmt(perPosting, 3)} ms each (loop of ${fmt(REFERENCE_POSTINGS)})`,
    )
    console.log(
      `  ratio: the pass / one posting per participation = ${(flatMs / (perPosting * PARTICIPATIONS)).toFixed(3)}; the pass = ${fmt(flatMs / perPosting)} postings' time`,
    )
    console.log(
      `  ledger transactions posted by the pass: ${txByFlat} (settled ${fmt(settled.length)})`,
    )
    console.log(
      `  forced fills ${fmt(Number(forced.n))}, positions left ${left.n}, intraday books sum ${books.sum ?? 0}`,
    )
    console.log(`  every participation traded with returned = funds + pnl − fees: ${exact}`)
    console.log(
      `  ledger check: ${check.ok ? 'ok' : `VIOLATIONS ${check.violations.slice(0, 3).join('; ')}`}`,
    )
    console.log(
      `  close → settled: the job schedules a pass at the close itself (jobs.ts), so ≈ ${fmt(flatMs)} ms after it`,
    )
  } finally {
    await app.stop()
    await database.drop()
  }
}

await measure('SQLite', {})
if (process.env.TEST_DATABASE_URL) await measure('PostgreSQL', {})
