import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import {
  createUpstreamGateway,
  type UpstreamGateway,
} from '../../gateway/src/composition/upstream-gateway'
import { loadConfig } from '../../gateway/src/config'
import { createLogger } from '../../gateway/src/logger'
import { startTestApp, type TestApp } from './app'

export interface UpstreamTestGateway {
  gateway: UpstreamGateway
  /** `http://127.0.0.1:<port>` */
  url: string
  /** Every line this gateway logged so far (JSON lines, as they would reach stdout). */
  logs(): string
  stop(): Promise<void>
}

/**
 * A gateway in upstream broker mode forwarding `/api/vue` to `upstream` (a broker's `/api/vue`),
 * on a free port, logging at `trace` into memory so a test can read what it would have printed.
 */
export async function startUpstreamGateway(
  upstream: string,
  env: Record<string, string> = {},
): Promise<UpstreamTestGateway> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MARKET_HOURS: 'always',
    LOG_LEVEL: 'trace',
    BROKER_UPSTREAM: upstream,
    ...env,
  })
  const lines: string[] = []
  const logger = createLogger(config, { write: (line: string) => void lines.push(line) })
  const gateway = createUpstreamGateway(config, { logger })
  const { port } = await gateway.start()
  return {
    gateway,
    url: `http://127.0.0.1:${port}`,
    logs: () => lines.join(''),
    stop: () => gateway.stop(),
  }
}

/** What a test reads of brokerAndFront's two gateways. */
export interface BrokerAndFront {
  broker: Pick<TestApp, 'app' | 'url' | 'count'>
  front: Pick<UpstreamTestGateway, 'gateway' | 'url' | 'logs'>
}

/**
 * Two gateways of the calling test file's own, from its beforeAll to its afterAll: the broker, an
 * ordinary one (`options` as startTestApp takes them), and a front in upstream mode forwarding
 * `/api/vue` to it. Call it at the file's top level, before the file's own hooks that use them.
 */
export function brokerAndFront(options: Parameters<typeof startTestApp>[0] = {}): BrokerAndFront {
  let started: { broker: TestApp; front: UpstreamTestGateway } | undefined
  beforeAll(async () => {
    // The broker believes the front's X-Forwarded-For (it is on loopback), as a deployment would.
    const broker = await startTestApp({
      ...options,
      env: { TRUST_PROXY: 'loopback', ...options.env },
    })
    started = { broker, front: await startUpstreamGateway(`${broker.url}/api/vue`) }
  }, 60_000)
  afterAll(async () => {
    await started?.front.stop()
    await started?.broker.stop()
  })
  const both = () => {
    if (!started) throw new Error('the broker and its front start in beforeAll')
    return started
  }
  return {
    broker: {
      get app() {
        return both().broker.app
      },
      get url() {
        return both().broker.url
      },
      count: (table) => both().broker.count(table),
    },
    front: {
      get gateway() {
        return both().front.gateway
      },
      get url() {
        return both().front.url
      },
      logs: () => both().front.logs(),
    },
  }
}

/**
 * A TCP port that takes connections and never answers: a broker that hangs. `refusing()` gives a
 * port nothing listens on: a broker that is down.
 */
export async function silentBroker(): Promise<{ url: string; close(): Promise<void> }> {
  const held = new Set<Socket>()
  const server: Server = createServer((socket) => {
    held.add(socket)
    socket.on('close', () => held.delete(socket))
    // Reads what comes (so an upload is not stalled by back-pressure) and says nothing.
    socket.resume()
  })
  const port = await listen(server)
  return {
    url: `http://127.0.0.1:${port}/api/vue`,
    close: async () => {
      for (const socket of held) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export async function refusing(): Promise<string> {
  const server = createServer()
  const port = await listen(server)
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/api/vue`
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    })
  })
}
