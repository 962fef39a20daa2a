/**
 * The whole Tokyo market in the simulator (issue 15): what 4,600 more codes cost at start-up and in
 * the tick loop, and how often the busy names print. It prints figures and never fails on timing.
 *
 *   npx tsx tests/load/market-universe.ts [--hours=real|always] [--at=ISO time] [--minutes=10]
 *
 * Each figure comes with a reference measured in the same run, as a ratio (2 shared cores: absolute
 * times swing 2–3×): `ref` is a fixed workload (a million seeded normal draws, the simulator's own
 * arithmetic). Runs on older trees too (it feature-detects the lazy build), for before/after.
 *   start-up     createApp(config).start() as a test suite's gateway does (SQLite, demo seed)
 *   build        the simulator alone: the listings built at start; then the rest of the market
 *   tick loop    CPU of the 250 ms steps over simulated minutes in session, prints and quotes/s
 *   7203         its prints per second over the window (the issue: at least one)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApp } from '../../gateway/src/app'
import { loadConfig } from '../../gateway/src/config'
import { randomStream } from '../../gateway/src/market/rng'
import * as simulatorModule from '../../gateway/src/market/simulator'
import { median } from './median'

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = '1'] = arg.replace(/^--/, '').split('=')
    return [key!, value] as const
  }),
)
const HOURS = (args.get('hours') ?? 'real') as 'real' | 'always'
// A Thursday, 11:00 in Tokyo (the morning session), the Shanghai morning too.
const AT = Date.parse(args.get('at') ?? '2026-11-26T02:00:00Z')
const MINUTES = Number(args.get('minutes') ?? '10')
const ROUNDS = Number(args.get('rounds') ?? '3')
const STEP_MS = 250

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1_000
}

/** The reference: a fixed amount of the simulator's kind of work, timed now. */
function reference(): number {
  const started = performance.now()
  const random = randomStream(1, 'reference')
  let sum = 0
  for (let i = 0; i < 1_000_000; i++) sum += random.normal()
  if (Number.isNaN(sum)) throw new Error('unreachable')
  return performance.now() - started
}

interface LazySimulator {
  instruments: ReadonlyMap<string, { seq: number }>
  advance(now: number): unknown[]
  build?: (budgetMs: number) => number
  catalogue?: unknown
}

async function startUp(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kabu-universe-'))
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEMO: '1',
    MARKET_HOURS: HOURS,
    DATA_DIR: dir,
  })
  const started = performance.now()
  const app = createApp(config)
  await app.start()
  const ms = performance.now() - started
  await app.stop()
  rmSync(dir, { recursive: true, force: true })
  return ms
}

async function main() {
  const createSimulator = simulatorModule.createSimulator as unknown as (
    ...a: unknown[]
  ) => LazySimulator
  // The whole market when the tree has it (createCatalogue), the hand-made catalogue otherwise.
  const catalogueModule = await import('../../gateway/src/market/universe/catalogue').catch(
    () => null,
  )
  const listings = catalogueModule?.createCatalogue(1).listings
  console.log(
    `market universe: ${listings ? listings.length : 'hand-made'} listings, MARKET_HOURS=${HOURS}, ` +
      `at ${new Date(AT).toISOString()}, tick loop over ${MINUTES} simulated minutes, ${ROUNDS} rounds`,
  )
  const rows: Record<string, number>[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const ref = reference()
    const startMs = await startUp()

    let started = performance.now()
    const sim = createSimulator(1, HOURS, AT, ...(listings ? [listings] : []))
    const buildMs = performance.now() - started
    started = performance.now()
    sim.build?.(0)
    const restMs = performance.now() - started
    const heapMb = process.memoryUsage().heapUsed / 1_048_576

    const toyota = sim.instruments.get('7203')!
    const seqBefore = toyota.seq
    let quotes = 0
    const cpuBefore = process.cpuUsage()
    for (let t = AT + STEP_MS; t <= AT + MINUTES * 60_000; t += STEP_MS)
      quotes += sim.advance(t).length
    const loopCpuMs = cpuMs(cpuBefore)
    const seconds = MINUTES * 60
    rows.push({
      'ref ms': Math.round(ref),
      'start-up ms': Math.round(startMs),
      'start-up/ref': Number((startMs / ref).toFixed(2)),
      'build ms': Math.round(buildMs),
      'rest of market ms': Math.round(restMs),
      instruments: sim.instruments.size,
      'heap MB': Math.round(heapMb),
      'loop CPU ms': Math.round(loopCpuMs),
      'loop CPU %': Number(((loopCpuMs / (seconds * 1000)) * 100).toFixed(2)),
      'loop/ref': Number((loopCpuMs / ref).toFixed(2)),
      'quotes/s': Math.round(quotes / seconds),
      '7203 prints/s': Number(((toyota.seq - seqBefore) / seconds).toFixed(2)),
    })
  }
  console.table(rows)
  const keys = Object.keys(rows[0] ?? {})
  console.log('medians:', Object.fromEntries(keys.map((k) => [k, median(rows.map((r) => r[k]!))])))
  console.log(
    'loop CPU %: of one core, simulated time played as fast as it goes (the gateway plays it in real time);' +
      ' quotes/s: quotes the simulator published per simulated second (the hub conflates them per phone)',
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
