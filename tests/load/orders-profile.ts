/**
 * Where the gateway's CPU goes per order: the load of tests/load/orders.ts (8 clients, buy then
 * sell, driven by orders-clients.ts in a child process) against an in-process gateway whose V8
 * profiler runs only while the clients do. Writes the .cpuprofile (open it in Chrome DevTools) and
 * prints the top functions by self time. PostgreSQL when TEST_DATABASE_URL is set, else SQLite.
 * The CPU per order is also printed net of the gateway's idle CPU (its market simulator and jobs,
 * measured for IDLE_SECONDS just before the load): on a busy machine few orders go through, and
 * that fixed background, divided by them, would otherwise swamp the order path's own cost.
 *
 *   npx tsx tests/load/orders-profile.ts [seconds=10] [out=orders.cpuprofile]
 */
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { Session, type Profiler } from 'node:inspector/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createApp } from '../../gateway/src/app'
import { loadConfig } from '../../gateway/src/config'
import { freshDatabase } from '../support/db'
import { session } from '../support/broker'
import { credit } from '../api/trading.support'
import { newUser } from '../support/identity'
import type { TestApp } from '../support/app'

const SECONDS = Math.min(60, Math.max(1, Number.parseInt(process.argv[2] ?? '', 10) || 10))
const OUT = process.argv[3] ?? 'orders.cpuprofile'
const CLIENTS = 8
const TOP = 40
const IDLE_SECONDS = 5
const run = promisify(execFile)
const CLIENT_SCRIPT = fileURLToPath(new URL('./orders-clients.ts', import.meta.url))

/** Self time per function (name + file:line), largest first, as a share of all samples. */
function topSelf(profile: Profiler.Profile): string[] {
  const total = profile.samples?.length ?? 0
  const hits = new Map<number, number>()
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1)
  const byFunction = new Map<string, number>()
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame
    const where = url ? `${url.replace(/^.*\/node_modules\//, '~/')}:${lineNumber + 1}` : ''
    const name = `${functionName || '(anonymous)'} ${where}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + (hits.get(node.id) ?? 0))
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, n]) => `${((n / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
}

async function main() {
  const database = await freshDatabase()
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEMO: '1',
    MARKET_HOURS: 'always',
    SELL_LOCK_MINUTES: '0',
    ...database.env,
  })
  const app = createApp(config, { sessionRateLimit: { windowMs: 60_000, limit: 100_000 } })
  const { port } = await app.start()
  const t = { app, url: `http://127.0.0.1:${port}`, database } as unknown as TestApp
  const inspector = new Session()
  try {
    // Past the background build of the rest of the market, as in orders.ts.
    await app.market.whole(true)
    const headers = []
    for (let i = 0; i < CLIENTS; i++) {
      const grant = await newUser(t, `prof${i}`)
      await credit(t, grant.account, 'JPY', '90000000000')
      headers.push(session(grant))
    }
    const idleBefore = process.cpuUsage()
    const idleStarted = performance.now()
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000))
    const idle = process.cpuUsage(idleBefore)
    const idlePerMs = (idle.user + idle.system) / 1000 / (performance.now() - idleStarted)
    inspector.connect()
    await inspector.post('Profiler.enable')
    await inspector.post('Profiler.setSamplingInterval', { interval: 200 })
    await inspector.post('Profiler.start')
    const cpuBefore = process.cpuUsage()
    const loadStarted = performance.now()
    const plan = JSON.stringify({ url: t.url, seconds: SECONDS, headers })
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CLIENT_SCRIPT, plan], {
      maxBuffer: 64 * 1024 * 1024,
      timeout: (SECONDS + 60) * 1000,
    })
    const cpu = process.cpuUsage(cpuBefore)
    const loadMs = performance.now() - loadStarted
    const { profile } = await inspector.post('Profiler.stop')
    const { latencies } = JSON.parse(stdout) as { latencies: number[] }
    writeFileSync(OUT, JSON.stringify(profile))
    const cpuMs = (cpu.user + cpu.system) / 1000
    const perOrder = cpuMs / latencies.length
    const netPerOrder = (cpuMs - idlePerMs * loadMs) / latencies.length
    console.info(
      `${database.kind}: ${latencies.length} orders, gateway cpu ${perOrder.toFixed(2)} ms per order, ` +
        `${netPerOrder.toFixed(2)} net of its idle ${(idlePerMs * 100).toFixed(0)} % (profiler on); ${OUT}`,
    )
    for (const line of topSelf(profile)) console.info(line)
  } finally {
    inspector.disconnect()
    await app.stop()
    await database.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
