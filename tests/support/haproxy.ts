import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from './gateway-process'

const DOCKER_CFG = path.resolve(import.meta.dirname, '../../docker/haproxy.cfg')

/**
 * docker/haproxy.cfg made to run on this machine: the same frontends, checks, balancing, cookie
 * and timeouts, with what only the container makes possible changed: the `gateway` replicas
 * Docker's DNS would resolve become `servers` on loopback ports and the fixed ports free ones.
 */
export function localHaproxyConfig(
  gateways: readonly string[],
  ports: { phones: number; stats: number },
): string {
  const cfg = readFileSync(DOCKER_CFG, 'utf8')
  const servers = gateways
    .map((url, i) => `  server gw${i + 1} ${new URL(url).host} check`)
    .join('\n')
  const local = cfg
    // Docker's resolvers section (up to the next blank line) and its use.
    .replace(/^resolvers docker\n(?:[ \t]+.*\n)*/m, '')
    .replace(/ resolvers docker init-addr none/, '')
    .replace(/^\s*server-template gw .*$/m, servers)
    .replace(/^\s*bind :8080$/m, `  bind 127.0.0.1:${ports.phones}`)
    .replace(/^\s*bind :8404$/m, `  bind 127.0.0.1:${ports.stats}`)
  for (const docker of ['resolvers', 'server-template', 'bind :']) {
    if (local.includes(docker)) throw new Error(`haproxy.cfg changed: "${docker}" left in`)
  }
  return local
}

export interface Haproxy {
  url: string
  /** Each server's status as HAProxy's stats page says it (UP, DOWN, …), by name (gw1, gw2). */
  statuses(): Promise<Record<string, string>>
  stop(): Promise<void>
}

/** Runs `haproxy` in the foreground with localHaproxyConfig, and waits until it answers. */
export async function startHaproxy(gateways: readonly string[]): Promise<Haproxy> {
  const ports = { phones: await freePort(), stats: await freePort() }
  const dir = mkdtempSync(path.join(tmpdir(), 'kabu-haproxy-'))
  const file = path.join(dir, 'haproxy.cfg')
  writeFileSync(file, localHaproxyConfig(gateways, ports))
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${ports.phones}`
  const deadline = Date.now() + 15_000
  while (
    !(await fetch(`${url}/haproxy-health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`haproxy did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    statuses: () => haproxyStatuses(`http://127.0.0.1:${ports.stats}`),
    async stop() {
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Each `gateways` server's status (UP, DOWN, MAINT…) by name, from HAProxy's stats page at `base`. */
export async function haproxyStatuses(base: string): Promise<Record<string, string>> {
  const csv = await (await fetch(`${base}/stats;csv`)).text()
  // "# pxname,svname,…,status,…": the status column of each gateways server.
  const [header, ...rows] = csv.trim().split('\n')
  const column = header!.replace(/^# /, '').split(',').indexOf('status')
  return Object.fromEntries(
    rows
      .map((row) => row.split(','))
      .filter((cells) => cells[0] === 'gateways' && /^gw\d+$/.test(cells[1] ?? ''))
      .map((cells) => [cells[1], cells[column] ?? '']),
  )
}
