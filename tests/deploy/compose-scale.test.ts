import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SessionGrant } from '@kabu/shared/api/user'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO } from '../support/app'
import { haproxyStatuses } from '../support/haproxy'
import { quotePhone, type QuotePhone } from '../support/quote-phone'
import { session, brokerApi, brokerData } from '../support/broker'

/**
 * docker/compose.scale.yaml itself, started as docs/deploy.md says, on a Docker engine: the gateway
 * image built by docker/Dockerfile, PostgreSQL, Redis and HAProxy with docker/haproxy.cfg, one
 * gateway with the demo data and then `--scale gateway=3`. Through the proxy's one port: all three
 * in rotation, one of them leading; phones on different gateways see the same market (same seq,
 * same price); the demo account logs in and buys; kill -9 of the leader's process: another leads
 * within 5 s, the proxy takes the dead one out, Docker restarts it and it comes back as a follower,
 * phones get ticks again, and the ledger checks clean.
 *
 * Opt-in (COMPOSE_SCALE=1): it needs a Docker engine and builds images (minutes). Where Docker Hub
 * is out of reach, docker/offline-images/build.sh makes the four base images from Debian first.
 */
const FILE = path.resolve(import.meta.dirname, '../../docker/compose.scale.yaml')
const PROJECT = `kabu-scale-test-${process.pid}`
const PORTS = { phones: 18080, stats: 18404 }
const OPS_TOKEN = `ops-${randomUUID()}`
const PROXY = `http://127.0.0.1:${PORTS.phones}`

const engine = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0
const wanted = process.env.COMPOSE_SCALE === '1'

let envFile = ''
const compose = (...args: string[]) =>
  execFileSync('docker', ['compose', '-p', PROJECT, '-f', FILE, '--env-file', envFile, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 1_200_000,
  })
const inspect = (id: string, format: string) =>
  execFileSync('docker', ['inspect', '-f', format, id], { encoding: 'utf8' }).trim()

interface Gateway {
  id: string
  url: string
}
/** Each gateway container, reached on its own address (the host is on Docker's bridge). */
function gateways(): Gateway[] {
  return compose('ps', '-q', 'gateway')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((id) => ({
      id,
      url: `http://${inspect(id, '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}')}:8080`,
    }))
}
const role = (url: string) =>
  fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
    async (r) => ((await r.json()) as { role?: string }).role ?? `http ${r.status}`,
    () => 'unreachable',
  )
const up = async (url: string) => (await role(url)) !== 'unreachable'
const statuses = () => haproxyStatuses(`http://127.0.0.1:${PORTS.stats}`)
/** How many of server-template's gw1..gw10 HAProxy has in rotation (the rest: DOWN or no address). */
const inRotation = async () => Object.values(await statuses()).filter((s) => s === 'UP').length

/** Watches a killed gateway until the proxy's checks see it fail or it answers /health again. */
async function proxyNoticesOrBack(url: string, deadline: number) {
  while (Date.now() < deadline) {
    if ((await inRotation()) < 3) return 'the proxy saw it fail'
    if (await up(url)) return 'back before the proxy saw it fail'
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return 'still in rotation, still dead'
}

const runs = engine && wanted
// The reason is in the name only when it is skipped (a run that went ahead said "skipped" too).
const title = 'docker compose -f docker/compose.scale.yaml'

describe.skipIf(!runs)(
  runs ? title : `${title} (skipped: needs COMPOSE_SCALE=1 and a Docker engine)`,
  () => {
    const phones: QuotePhone[] = []
    let dir = ''

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'kabu-compose-'))
      envFile = path.join(dir, '.env')
      // docker/scale.env.example filled in, other ports, and the demo (its market never closes, so
      // ticks flow whatever the hour in Tokyo).
      writeFileSync(
        envFile,
        [
          `ID_KEY=${randomBytes(32).toString('hex')}`,
          `OPS_TOKEN=${OPS_TOKEN}`,
          'DEMO=1',
          `PROXY_PORT=${PORTS.phones}`,
          `STATS_PORT=${PORTS.stats}`,
        ].join('\n'),
      )
      // As docs/deploy.md says: one gateway seeds the demo, then the others join.
      compose('up', '--build', '-d', '--wait', '--scale', 'gateway=1')
      compose('up', '-d', '--wait', '--scale', 'gateway=3')
    }, 1_500_000)

    afterAll(() => {
      for (const p of phones) p.disconnect()
      if (envFile) compose('down', '-v', '--timeout', '5')
      if (dir) rmSync(dir, { recursive: true, force: true })
    }, 120_000)

    it('puts three gateways in rotation behind the proxy, exactly one of them leading', async () => {
      await expect.poll(inRotation, { timeout: 30_000, interval: 500 }).toBe(3)
      const roles = await Promise.all(gateways().map((g) => role(g.url)))
      expect(roles.sort()).toEqual(['follower', 'follower', 'leader'])
      const res = await fetch(`${PROXY}/haproxy-health`)
      expect(res.status).toBe(200)
    })

    it('shows phones on different gateways the same market: same seq, same price', async () => {
      const onEach = gateways().map((g) => quotePhone(g.url))
      phones.push(...onEach.map((p) => p.socket))
      await expect
        .poll(() => Math.min(...onEach.map((p) => p.ticks.length)), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(20)
      const seen = new Map<string, string>()
      let shared = 0
      for (const { ticks } of onEach) {
        for (const q of ticks) {
          const key = `${q.code} ${q.seq}`
          const value = `${q.price} ${q.time}`
          if (seen.has(key)) {
            shared++
            expect(seen.get(key), key).toBe(value)
          } else seen.set(key, value)
        }
      }
      expect(shared).toBeGreaterThan(0)
    }, 60_000)

    it('logs the demo account in and buys through the proxy', async () => {
      const demo = await brokerData<SessionGrant>(PROXY, '/user/login', DEMO)
      const bought = await brokerApi(
        PROXY,
        '/trade/buy',
        { type: 'jpy', code: '7203', num: '100', idem: randomUUID() },
        session(demo),
      )
      expect(bought).toMatchObject({ status: 1 })
    })

    it('survives kill -9 of the leader: another leads within 5 s, Docker brings it back', async () => {
      const all = gateways()
      const roles = await Promise.all(all.map((g) => role(g.url)))
      const leader = all[roles.indexOf('leader')]!
      const others = all.filter((g) => g !== leader)
      const watcher = quotePhone(PROXY)
      phones.push(watcher.socket)
      await expect.poll(() => watcher.ticks.length, { timeout: 30_000 }).toBeGreaterThan(0)

      // The gateway's own process (the container's first), as a crash or the OOM killer would.
      process.kill(Number(inspect(leader.id, '{{.State.Pid}}')), 'SIGKILL')
      const killedAt = Date.now()
      await expect
        .poll(async () => (await Promise.all(others.map((g) => role(g.url)))).sort(), {
          timeout: 5_000,
          interval: 100,
        })
        .toEqual(['follower', 'leader'])
      console.log(`compose: a new leader ${Date.now() - killedAt} ms after kill -9`)
      // While it is dead the proxy's checks fail ("UP 1/2", then DOWN after two 2 s apart), unless
      // Docker has it answering again first: CI's engine restarted it before any check noticed,
      // and a proxy that never saw it down is right. A gateway still dead after 10 s that the
      // proxy keeps in rotation fails here.
      const outcome = await proxyNoticesOrBack(leader.url, killedAt + 10_000)
      console.log(`compose: ${outcome} ${Date.now() - killedAt} ms after kill -9`)
      expect(outcome).not.toBe('still in rotation, still dead')

      // restart: unless-stopped brings the container back; it rejoins as a follower.
      await expect
        .poll(() => inspect(leader.id, '{{.RestartCount}}'), { timeout: 30_000 })
        .toBe('1')
      await expect.poll(() => up(leader.url), { timeout: 90_000, interval: 500 }).toBe(true)
      expect(await role(leader.url)).toBe('follower')
      await expect.poll(inRotation, { timeout: 30_000, interval: 500 }).toBe(3)

      const before = watcher.ticks.length
      await expect
        .poll(() => watcher.ticks.length - before, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(5)

      const check = (await (
        await fetch(`${PROXY}/api/ops/ledger/check`, {
          headers: { authorization: `Bearer ${OPS_TOKEN}` },
        })
      ).json()) as { status: number; data: { ok: boolean; violations: unknown[] } }
      expect(check.data).toMatchObject({ ok: true, violations: [] })
    }, 240_000)
  },
)
