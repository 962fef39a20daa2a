import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import path from 'node:path'
import type { TestDatabase } from './db'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * A real gateway in a process of its own (`gateway/src/main.ts` or the JavaScript emitted from it),
 * so a test can kill -9 it.
 */
export interface GatewayProcess {
  url: string
  child: ChildProcess
  /** What the process wrote last (stdout and stderr), for a failure's message. */
  output(): string
  /** SIGKILL: no shutdown, no lock released by the gateway itself. */
  kill9(): Promise<void>
  /** SIGTERM, the gateway's clean stop. */
  stop(): Promise<void>
}

/**
 * What every gateway of one test's cluster shares: the database, Redis under a prefix no other
 * test uses (`name` says whose it is), and a market open at any hour, so prints come at once.
 */
export function clusterEnv(database: TestDatabase, name: string, redisUrl: string) {
  return {
    ...database.env,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `${name}-${process.pid}-${randomUUID().slice(0, 8)}`,
    MARKET_HOURS: 'always',
  }
}

/**
 * How the process runs the gateway: its TypeScript through tsx (as `npm run dev`), or the
 * JavaScript `npm run build` emitted, with plain node (as `npm start` and docker/Dockerfile).
 */
const ENTRIES = {
  source: ['--import', 'tsx', 'gateway/src/main.ts'],
  compiled: ['--conditions=compiled', 'gateway/dist/main.js'],
}

/** A port free now (the gateway listens on it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts `node --import tsx gateway/src/main.ts` (or the `compiled` entry; the process is the
 * gateway itself, so its pid is what a kill reaches) with `env` over the test's environment, and
 * waits until `/health` answers.
 */
export async function spawnGateway(
  env: Record<string, string>,
  options: { readyTimeoutMs?: number; entry?: keyof typeof ENTRIES } = {},
): Promise<GatewayProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ENTRIES[options.entry ?? 'source'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let gone = false
  void exited.then(() => (gone = true))
  const url = `http://127.0.0.1:${port}`

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000)
  for (;;) {
    if (gone) throw new Error(`gateway exited before it was ready:\n${output}`)
    const ok = await fetch(`${url}/health`).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`gateway not ready in time:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }

  const signal = async (name: NodeJS.Signals) => {
    if (gone) return
    child.kill(name)
    await exited
  }
  return {
    url,
    child,
    output: () => output,
    kill9: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  }
}
