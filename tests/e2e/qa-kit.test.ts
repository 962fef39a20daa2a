import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnGateway, type GatewayProcess } from '../support/gateway-process'
import { CODE } from '../qa/models/order-market'
import type { QaReport } from '../qa/report'

/**
 * QA's kit (`npm run qa`, issue 39) as a QA engineer runs it: a process of its own against a
 * gateway started as the README's `npm start` does (the compiled entry, once built), with the
 * clock movable and a known back-office token, on a small budget. Its report is kept in
 * tests/.reports/qa for CI. Then the same kit against a gateway with one route broken on purpose
 * (a proxy answering HTTP 500 for the deposit list) must fail on that path and step, and against a
 * gateway in upstream mode forwarding to the first one (relaying its `/user` socket, polling its
 * quotes) it must hold as it did there, every machine covered as far.
 */

const root = path.resolve(import.meta.dirname, '../..')
const OPS_TOKEN = 'qa-kit-ops-token-for-ci'
const INVITE = 'QAKIT2026'
let gateway: GatewayProcess
let upstream: GatewayProcess
let broken: Server
let brokenUrl: string
/** The first test's report against the gateway itself: the upstream mode's must cover the same. */
let direct: QaReport | undefined

beforeAll(async () => {
  const entry = existsSync(path.join(root, 'gateway/dist/main.js')) ? 'compiled' : 'source'
  gateway = await spawnGateway(
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qa-kit-')),
      TIME_TRAVEL: '1',
      OPS_TOKEN,
      DEMO_INVITE: INVITE,
      // An operator decides every request: the demo's automatic review would race the kit's.
      REVIEW_POLICY: 'manual',
    },
    { entry },
  )
  upstream = await spawnGateway(
    { BROKER_UPSTREAM: `${gateway.url}/api/vue`, ...quotesOf(gateway.url, CODE) },
    { entry },
  )
  ;({ server: broken, url: brokenUrl } = await breakingProxy(
    gateway.url,
    '/api/vue/user/rechargelist',
  ))
})

afterAll(async () => {
  broken?.close()
  await upstream?.stop()
  await gateway?.stop()
})

/**
 * The front's quotes of `code` polled from the broker's snapshot. Market data stays the front's
 * own (docs/deploy.md), from the feed the broker reads too; here each has a simulator, and the
 * broker's runs on the clock the kit moves, so the front's own would print other prices: a stop
 * moved under the front's market need not fire at the broker's.
 */
function quotesOf(broker: string, code: string): Record<string, string> {
  const fields = ['code', 'price', 'volume', 'prevClose', 'time'].map((f) => [f, f])
  return {
    QUOTE_SOURCE: `poll:${broker}/api/market/snapshot?codes=${code}`,
    QUOTE_POLL_MAP: JSON.stringify({
      items: 'data',
      fields: Object.fromEntries(fields),
      codes: { [code]: code },
    }),
  }
}

/** Runs `npm run qa` against `target`; its exit code and report. */
async function qa(target: string, dir: string, extra: string[]) {
  const args = ['tsx', 'tests/qa/cli.ts', '--target', target, '--ops-token', OPS_TOKEN]
  args.push('--invite', INVITE, '--seed', '39', '--report', dir, ...extra)
  const child = spawn('npx', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  const report = existsSync(path.join(dir, 'qa-report.json'))
    ? (JSON.parse(readFileSync(path.join(dir, 'qa-report.json'), 'utf8')) as QaReport)
    : undefined
  return { code, report, output }
}

describe('npm run qa against a gateway', () => {
  it('drives every machine of the kit, each path holding, and writes both reports', async () => {
    const dir = path.join(root, 'tests/.reports/qa')
    const { code, report, output } = await qa(gateway.url, dir, ['--paths', '3'])
    expect(code, output).toBe(0)
    expect(report?.powers).toEqual({ ops: true, clock: true })
    for (const m of report!.machines) {
      expect(m.failures, m.name).toEqual([])
      expect(m.held, m.name).toBe(m.paths)
      expect(m.covered_states, m.name).toBeGreaterThan(1)
      expect(m.covered_states).toBeLessThanOrEqual(m.states)
    }
    expect(report!.accounts.every((a) => a.startsWith('qa39x'))).toBe(true)
    direct = report
    expect(readFileSync(path.join(dir, 'qa-report.html'), 'utf8')).toContain(
      'every driven path held',
    )
  })

  it('fails on the path and step where one route answers a wrong status', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qa-broken-'))
    const { code, report } = await qa(brokenUrl, dir, ['--machines', 'deposit', '--paths', '2'])
    expect(code).toBe(1)
    const [failure] = report!.machines[0]!.failures
    expect(failure?.step).toMatch(/→ (editing|confirming|pendingReview)$/)
    expect(String(failure?.got)).toContain('HTTP 500')
    expect(failure?.replay).toContain(`--machines deposit --seed 39 --path ${failure?.path_id}`)
  })

  // Every machine, the socket-only ones too (credit's verdicts, support's replies): the gateway in
  // upstream mode relays /user to the first one, so its report is the direct one's.
  it('holds the same against a gateway in upstream mode in front of the first', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qa-upstream-'))
    const opsUrl = ['--ops-url', gateway.url]
    const { code, report, output } = await qa(upstream.url, dir, [...opsUrl, '--paths', '3'])
    expect(code, output).toBe(0)
    expect(report?.powers).toEqual({ ops: true, clock: true })
    const coverage = (r: QaReport | undefined) =>
      r?.machines.map((m) => ({
        name: m.name,
        paths: m.paths,
        held: m.held,
        failures: m.failures,
        states: m.covered_states,
        transitions: m.covered_transitions,
      }))
    for (const m of report!.machines)
      expect([m.name, m.held, m.failures]).toEqual([m.name, m.paths, []])
    expect(direct, 'the report of the first test, against the gateway itself').toBeDefined()
    expect(coverage(report)).toEqual(coverage(direct))
  }, 300_000)
})

/** A proxy in front of `to` that answers HTTP 500 for one path and passes everything else on. */
async function breakingProxy(to: string, broken: string): Promise<{ server: Server; url: string }> {
  const target = new URL(to)
  const server = createServer((req, res) => {
    if (req.url === broken) {
      req.resume()
      res.writeHead(500, { 'content-type': 'application/json' })
      return void res.end(JSON.stringify({ status: 0, msg: 'network_error', data: null }))
    }
    const upstreamRequest = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    req.pipe(upstreamRequest)
    upstreamRequest.on('error', () => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { server, url: `http://127.0.0.1:${port}` }
}
