/**
 * orders.ts across gateways (issue 16): the same 8 clients of buy-then-sell against one gateway,
 * then against two gateways on the same PostgreSQL (4 clients each), in one run. The gateways are
 * processes of their own (`tests/support/gateway-process.ts`) sharing one market through Redis, as
 * they would behind a proxy: one leads, the other follows. Prints orders/s, latency and each
 * gateway's CPU, and the two-gateway / one-gateway ratio (the issue's goal: ≥ 0.9).
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createApp } from '../../gateway/src/app'
import { loadConfig } from '../../gateway/src/config'
import type { TestApp } from '../support/app'
import { freshDatabase } from '../support/db'
import { spawnGateway, type GatewayProcess } from '../support/gateway-process'
import { newUser } from '../support/identity'
import { session } from '../support/broker'
import { credit } from '../api/trading.support'

const run = promisify(execFile)
const CLIENTS = fileURLToPath(new URL('./orders-clients.ts', import.meta.url))
const CLIENT_COUNT = 8
const WARMUP_SECONDS = 5

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/** CPU seconds a process has used (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

async function drive(
  gateways: GatewayProcess[],
  headers: Record<string, string>[],
  seconds: number,
) {
  const plan = JSON.stringify({
    url: gateways[0]!.url,
    urls: gateways.map((g) => g.url),
    seconds,
    headers,
  })
  const before = gateways.map((g) => cpuSeconds(g.child.pid))
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CLIENTS, plan], {
    maxBuffer: 64 * 1024 * 1024,
    timeout: (seconds + 60) * 1000,
  })
  const { latencies, refused, elapsed } = JSON.parse(stdout) as {
    latencies: number[]
    refused: number
    elapsed: number
  }
  latencies.sort((a, b) => a - b)
  return {
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    refused,
    cpu: gateways.map((g, i) => ((cpuSeconds(g.child.pid) - before[i]!) / elapsed) * 100),
  }
}

type Drive = Awaited<ReturnType<typeof drive>>

export async function ordersAcrossGateways(redisUrl: string, seconds: number): Promise<void> {
  const database = await freshDatabase()
  const env = {
    ...database.env,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `orders-${process.pid}-${randomUUID().slice(0, 8)}`,
    DEMO: '1',
    MARKET_HOURS: 'always',
    SELL_LOCK_MINUTES: '0',
    LOG_LEVEL: 'silent',
  }
  const gateways: GatewayProcess[] = []
  // Users and their cash are written through the ledger from here (a gateway that never listens).
  const writer = createApp(loadConfig({ ...database.env, LOG_LEVEL: 'silent', DEMO: '0' }))
  try {
    gateways.push(await spawnGateway(env))
    gateways.push(await spawnGateway(env))
    const t = { url: gateways[0]!.url, app: writer } as unknown as TestApp
    const headers: Record<string, string>[] = []
    for (let i = 0; i < CLIENT_COUNT; i++) {
      const grant = await newUser(t, `cluster${process.pid}x${i}`)
      await credit(t, grant.account, 'JPY', '90000000000')
      headers.push(session(grant))
    }
    const [leader, follower] = gateways
    await drive([leader!, follower!], headers, WARMUP_SECONDS)
    // Alternated, twice each, so a neighbour's load on the shared cores lands on both alike.
    const runs: Record<'one' | 'two', Drive[]> = { one: [], two: [] }
    for (let round = 0; round < 2; round++) {
      runs.one.push(await drive([leader!], headers, seconds / 2))
      runs.two.push(await drive([leader!, follower!], headers, seconds / 2))
    }
    const mean = (list: typeof runs.one): (typeof runs.one)[number] => ({
      perSecond: list.reduce((s, r) => s + r.perSecond, 0) / list.length,
      p50: Math.max(...list.map((r) => r.p50)),
      p99: Math.max(...list.map((r) => r.p99)),
      refused: list.reduce((s, r) => s + r.refused, 0),
      cpu: list[0]!.cpu.map((_, i) => list.reduce((s, r) => s + r.cpu[i]!, 0) / list.length),
    })
    for (const [label, list] of Object.entries(runs))
      console.info(`${label}: ${list.map((r) => r.perSecond.toFixed(1)).join(', ')} orders/s`)
    const one = mean(runs.one)
    const two = mean(runs.two)
    const line = (label: string, r: Drive) =>
      `${label}: ${r.perSecond.toFixed(1)} orders/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
      `refused ${r.refused}, gateway cpu ${r.cpu.map((c) => `${c.toFixed(0)} %`).join(' + ')}`
    console.info(line(`postgres, one gateway (the leader), ${CLIENT_COUNT} clients`, one))
    console.info(line(`postgres, two gateways, ${CLIENT_COUNT / 2} clients each`, two))
    console.info(
      `two gateways / one gateway at ${CLIENT_COUNT} clients = ${(two.perSecond / one.perSecond).toFixed(2)} (goal ≥ 0.9)`,
    )
    const check = await writer.broker.ledger.check(writer.db)
    console.info(`cluster ledger check: ${check.ok ? 'ok' : check.violations.join('; ')}`)
  } finally {
    await Promise.all(gateways.map((g) => g.stop()))
    await writer.stop()
    await database.drop()
  }
}
