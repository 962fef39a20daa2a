/**
 * Order throughput: market buy + sell of 100 Toyota shares through /api/vue over loopback HTTP, at
 * 1 and 8 concurrent clients, on SQLite and (when TEST_DATABASE_URL or DATABASE_URL is set) on
 * PostgreSQL, where it also runs `pgbench -c 8 -T 20` (TPC-B) on a scratch database and prints our
 * orders/s against its tx/s. The clients run in a child process, so the gateway has this one alone.
 * On PostgreSQL it also prints what the gateway's backends waited on and the write-ahead log
 * written per order against pgbench's per transaction (orders-waits.ts; the server's whole log, so
 * on a quiet server). Each run prints the CPU an order took the gateway, the load driver and
 * PostgreSQL, and pgbench's run the CPU a transaction took PostgreSQL and pgbench, so an order's
 * cost reads against a transaction's. Prints figures only; it never asserts a timing.
 *
 * With Redis too (TEST_REDIS_URL or REDIS_URL) it then runs the same 8 clients against one
 * gateway and against two gateways sharing the PostgreSQL and one market (orders-cluster.ts), and
 * prints the ratio.
 *
 *   npx tsx tests/load/orders.ts [seconds=10] [--cluster: the two-gateway comparison alone]
 */
import { execFile, execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { createApp } from '../../gateway/src/app'
import { loadConfig } from '../../gateway/src/config'
import { freshDatabase } from '../support/db'
import { session } from '../support/broker'
import { credit } from '../api/trading.support'
import { newUser } from '../support/identity'
import type { TestApp } from '../support/app'
import { sampleWaits, walPosition, walSince } from './orders-waits'
import { ordersAcrossGateways } from './orders-cluster'
import { endedChildrenCpuSeconds, postgresCpu } from './postgres-cpu'

const CLUSTER_ONLY = process.argv.includes('--cluster')
const SECONDS = Math.min(
  60,
  Math.max(
    1,
    Number.parseInt(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '', 10) || 10,
  ),
)
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL
const PGBENCH_SECONDS = 20
// V8 compiles the hot path only after it has run a while: on a cold gateway the first seconds of
// orders ran at ~70 % of the warm rate. pgbench, a C program, needs no such start.
const WARMUP_SECONDS = 5
const run = promisify(execFile)
const CLIENTS = fileURLToPath(new URL('./orders-clients.ts', import.meta.url))
// The child runs TypeScript through the same loader as this script.
const TSX = ['--import', 'tsx']

let accounts = 0

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

interface Result {
  orders: number
  perSecond: number
  p50: number
  p99: number
  refused: number
  cpuPercent: number
  /** The load generator's own process (taken from the same two cores). */
  driverCpuPercent: number
  /** PostgreSQL only: its server's CPU meanwhile. */
  postgresCpuPercent?: number
  /** CPU an order in ms: the gateway's process, the load driver's, PostgreSQL's (when on it). */
  cpuPerOrder: { gateway: number; driver: number; postgres?: number }
  /** PostgreSQL only: what the gateway's backends waited on meanwhile. */
  waits?: string
  /** PostgreSQL only: write-ahead log bytes per order. */
  walPerOrder?: number
}

/** The gateway's PostgreSQL connections, named so the wait sampler sees only them. */
interface Backends {
  url: string
  applicationName: string
}

/**
 * `clients` loops of buy-then-sell for SECONDS, run by a child process (orders-clients.ts) so the
 * load does not share the gateway's event loop; every answer's latency is kept.
 */
async function drive(
  t: TestApp,
  clients: number,
  backends?: Backends,
  seconds = SECONDS,
): Promise<Result> {
  const headers = []
  for (let i = 0; i < clients; i++) {
    // A new account per client of each run: a run as long as the warm-up once reused its names.
    const grant = await newUser(t, `load${++accounts}`)
    await credit(t, grant.account, 'JPY', '90000000000')
    headers.push(session(grant))
  }
  const plan = JSON.stringify({ url: t.url, seconds, headers })
  const sampler = backends && (await sampleWaits(backends.url, backends.applicationName))
  const pgCpu = backends && postgresCpu()
  const cpuBefore = process.cpuUsage()
  // Async, not execFileSync: the gateway lives in this process and must keep answering.
  const { stdout } = await run(process.execPath, [...TSX, CLIENTS, plan], {
    maxBuffer: 64 * 1024 * 1024,
    timeout: (seconds + 60) * 1000,
  })
  const cpu = process.cpuUsage(cpuBefore)
  const gatewaySeconds = (cpu.user + cpu.system) / 1e6
  const postgresUsed = pgCpu?.()
  const sampled = await sampler?.stop()
  const { latencies, refused, elapsed, cpuPercent } = JSON.parse(stdout) as {
    latencies: number[]
    refused: number
    elapsed: number
    cpuPercent: number
  }
  latencies.sort((a, b) => a - b)
  const perOrderMs = (seconds: number) => (seconds * 1000) / latencies.length
  return {
    orders: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    refused,
    // The gateway's process only: near 100 % means Node, not the store, is the limit.
    cpuPercent: (gatewaySeconds / elapsed) * 100,
    driverCpuPercent: cpuPercent,
    postgresCpuPercent: postgresUsed?.percent,
    cpuPerOrder: {
      gateway: perOrderMs(gatewaySeconds),
      driver: perOrderMs((cpuPercent / 100) * elapsed),
      postgres: postgresUsed && perOrderMs(postgresUsed.seconds),
    },
    waits: sampled?.waits,
    walPerOrder: sampled && sampled.walBytes / latencies.length,
  }
}

async function onStore(label: string, env: Record<string, string | undefined>) {
  const database = await freshDatabase()
  let backends: Backends | undefined
  if (database.env.DATABASE_URL) {
    const url = new URL(database.env.DATABASE_URL)
    backends = { url: url.toString(), applicationName: `kabu_load_${process.pid}` }
    url.searchParams.set('application_name', backends.applicationName)
    database.env.DATABASE_URL = url.toString()
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEMO: '1',
    MARKET_HOURS: 'always',
    SELL_LOCK_MINUTES: '0',
    ...database.env,
    ...env,
  })
  const app = createApp(config, { sessionRateLimit: { windowMs: 60_000, limit: 100_000 } })
  const { port } = await app.start()
  const t = { app, url: `http://127.0.0.1:${port}`, database } as unknown as TestApp
  const results: Record<number, Result> = {}
  try {
    // A gateway builds the rest of the market in the background for its first minutes
    // (whole-market.ts): the figures are of one past that, as a gateway serving phones all day is.
    await app.market.whole(true)
    const warm = await drive(t, 8, undefined, WARMUP_SECONDS)
    console.info(
      `${label} warm-up, 8 clients for ${WARMUP_SECONDS}s (not counted): ${warm.perSecond.toFixed(1)} orders/s`,
    )
    for (const clients of [1, 8]) {
      const r = await drive(t, clients, backends)
      results[clients] = r
      console.info(
        `${label} ${clients} client(s): ${r.orders} orders in ${SECONDS}s = ${r.perSecond.toFixed(1)} orders/s, ` +
          `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, refused ${r.refused}, gateway cpu ${r.cpuPercent.toFixed(0)} %, load driver cpu ${r.driverCpuPercent.toFixed(0)} %` +
          (r.postgresCpuPercent === undefined
            ? ''
            : `, postgres cpu ${r.postgresCpuPercent.toFixed(0)} %`),
      )
      console.info(`${label} ${clients} client(s) CPU an order: ${cpuLine(r.cpuPerOrder)}`)
      if (r.waits) console.info(`${label} ${clients} client(s) backends: ${r.waits}`)
      if (r.walPerOrder !== undefined)
        console.info(
          `${label} ${clients} client(s): ${r.walPerOrder.toFixed(0)} B of WAL per order`,
        )
    }
    const check = await app.broker.ledger.check(app.db)
    console.info(`${label} ledger check: ${check.ok ? 'ok' : check.violations.join('; ')}`)
  } finally {
    await app.stop()
    await database.drop()
  }
  return results
}

const allCpu = (c: Result['cpuPerOrder']) => c.gateway + c.driver + (c.postgres ?? 0)

function cpuLine(c: Result['cpuPerOrder']): string {
  const postgres = c.postgres === undefined ? '' : `, postgres ${c.postgres.toFixed(2)} ms`
  return (
    `gateway ${c.gateway.toFixed(2)} ms (goal ≤ 1 ms), load driver ${c.driver.toFixed(2)} ms` +
    `${postgres}, all ${allCpu(c).toFixed(2)} ms`
  )
}

/**
 * pgbench TPC-B on a scratch database next to `url`, dropped afterwards: its tx/s, WAL per tx,
 * and the CPU a transaction took PostgreSQL and pgbench itself, to set against an order's.
 */
async function pgbench(
  url: string,
): Promise<{ tps: number; walPerTx: number; cpuPerTx: number } | null> {
  const scratch = `kabu_pgbench_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${scratch}`)
  try {
    const target = new URL(url)
    target.pathname = `/${scratch}`
    target.search = ''
    const conn = target.toString()
    execFileSync('pgbench', ['-i', '-q', '-s', '1', conn], { stdio: 'ignore', timeout: 120_000 })
    const walFrom = await walPosition(admin)
    const postgresUsed = postgresCpu()
    const pgbenchBefore = endedChildrenCpuSeconds()
    const out = execFileSync(
      'pgbench',
      ['-c', '8', '-j', '2', '-T', String(PGBENCH_SECONDS), conn],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: (PGBENCH_SECONDS + 60) * 1000,
      },
    )
    const cpuSeconds = postgresUsed().seconds + endedChildrenCpuSeconds() - pgbenchBefore
    const walBytes = await walSince(admin, walFrom)
    const tps = /tps = ([\d.]+)/.exec(out)
    const done = /transactions actually processed: (\d+)/.exec(out)
    if (!tps || !done) return null
    const transactions = Number(done[1])
    return {
      tps: Number(tps[1]),
      walPerTx: walBytes / transactions,
      cpuPerTx: (cpuSeconds * 1000) / transactions,
    }
  } finally {
    await admin.query(`drop database if exists ${scratch}`)
    await admin.end()
  }
}

async function main() {
  const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  if (CLUSTER_ONLY) {
    if (!pgUrl || !REDIS_URL)
      return console.info('--cluster needs TEST_DATABASE_URL and TEST_REDIS_URL')
    process.env.TEST_DATABASE_URL = pgUrl
    return ordersAcrossGateways(REDIS_URL, SECONDS)
  }
  // The SQLite run must not inherit a PostgreSQL URL.
  delete process.env.TEST_DATABASE_URL
  await onStore('sqlite', {})
  if (!pgUrl) {
    console.info('postgres: skipped (set TEST_DATABASE_URL or DATABASE_URL)')
    return
  }
  process.env.TEST_DATABASE_URL = pgUrl
  const results = await onStore('postgres', {})
  const bench = await pgbench(pgUrl)
  if (bench === null) return console.info('pgbench: no tps in its output')
  const ours = results[8]
  console.info(
    `pgbench -c 8 -T ${PGBENCH_SECONDS}: ${bench.tps.toFixed(1)} tx/s, ${bench.walPerTx.toFixed(0)} B of WAL per tx, ` +
      `${bench.cpuPerTx.toFixed(2)} ms of CPU per tx (PostgreSQL and pgbench); ` +
      `orders at 8 clients / pgbench = ${((ours?.perSecond ?? 0) / bench.tps).toFixed(3)}` +
      (ours
        ? `, an order's CPU / a tx's = ${(allCpu(ours.cpuPerOrder) / bench.cpuPerTx).toFixed(2)}`
        : ''),
  )
  if (REDIS_URL) await ordersAcrossGateways(REDIS_URL, SECONDS)
  else console.info('two gateways: skipped (set TEST_REDIS_URL or REDIS_URL)')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
