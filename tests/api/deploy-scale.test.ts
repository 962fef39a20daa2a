import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadConfig } from '../../gateway/src/config'

/**
 * `docker/compose.scale.yaml` and `docker/haproxy.cfg` (issue 16) checked without a Docker engine,
 * on every `npm test` (tests/deploy/compose-scale.test.ts starts them, where an engine runs): the
 * compose file parses and wires every gateway to PostgreSQL and Redis with no host port (so
 * `--scale` works); the gateway's environment, with its variables filled in, is a valid config;
 * HAProxy checks /health on the gateways' port and keeps upgraded WebSockets; and `haproxy -c`
 * accepts the file where haproxy is installed.
 */
const DOCKER = path.resolve(import.meta.dirname, '../../docker')

interface Service {
  image?: string
  environment?: Record<string, string | number>
  ports?: string[]
  expose?: string[]
  depends_on?: Record<string, { condition: string }> | string[]
  volumes?: string[]
}
const compose = parse(readFileSync(path.join(DOCKER, 'compose.scale.yaml'), 'utf8')) as {
  services: Record<string, Service>
}
const haproxy = readFileSync(path.join(DOCKER, 'haproxy.cfg'), 'utf8')

/** Compose's `${NAME:-default}` and `${NAME:?message}`, filled from `values` (as compose would). */
function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_all, name: string, op, rest: string) => {
    const value = values[name]
    if (value) return value
    if (op === '-') return rest
    throw new Error(`${name} is required: ${rest}`)
  })
}

describe('docker/compose.scale.yaml', () => {
  const gateway = compose.services.gateway!

  it('has PostgreSQL, Redis, the gateway and a proxy; only the proxy takes host ports', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['gateway', 'postgres', 'proxy', 'redis'])
    expect(gateway.ports).toBeUndefined()
    // The host's ports are settable (PROXY_PORT, STATS_PORT); the proxy's own are haproxy.cfg's.
    expect(compose.services.proxy!.ports!.map((p) => interpolate(p, {}))).toEqual([
      '8080:8080',
      '8404:8404',
    ])
    expect(gateway.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    })
    // One uploads folder for every replica.
    expect(gateway.volumes).toContain('gateway-data:/data')
  })

  it('gives every gateway the same database and Redis, and its environment is a valid config', () => {
    const env = Object.fromEntries(
      Object.entries(gateway.environment ?? {}).map(([name, value]) => [
        name,
        interpolate(String(value), { ID_KEY: 'ab'.repeat(32), OPS_TOKEN: 'a-token-of-the-ops' }),
      ]),
    )
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/kabu:[^@]+@postgres:5432\/kabu$/)
    expect(env.REDIS_URL).toBe('redis://redis:6379')
    const config = loadConfig(env)
    expect(config).toMatchObject({ port: 8080, trustProxy: 1, demo: false })
    expect(config.idKey).toBe('ab'.repeat(32))
    // Without ID_KEY compose refuses to start rather than give each gateway its own key.
    expect(() => interpolate(String(gateway.environment?.ID_KEY), {})).toThrow(/ID_KEY/)
  })
})

describe('docker/haproxy.cfg', () => {
  it("balances the gateways' port, checks /health and keeps WebSockets open", () => {
    expect(haproxy).toMatch(/^\s*server-template gw \d+-\d+ gateway:8080 check$/m)
    expect(haproxy).toMatch(/^\s*http-check send meth GET uri \/health$/m)
    expect(haproxy).toMatch(/^\s*http-check expect status 200$/m)
    expect(haproxy).toMatch(/^\s*timeout tunnel \S+$/m)
    expect(haproxy).toMatch(/^\s*option forwardfor$/m)
    expect(haproxy).toMatch(/^\s*bind :8080$/m)
  })

  const installed = spawnSync('haproxy', ['-v']).status === 0
  it.skipIf(!installed)('is a configuration HAProxy accepts (haproxy -c)', () => {
    const out = execFileSync('haproxy', ['-c', '-f', path.join(DOCKER, 'haproxy.cfg')], {
      encoding: 'utf8',
    })
    expect(out).toContain('Configuration file is valid')
  })
})
