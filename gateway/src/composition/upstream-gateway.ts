import { closeServer } from '../http/close-server'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Router } from 'express'
import { Server } from 'socket.io'
import type { AdjustableClock } from '../clock'
import { createClock } from '../clock'
import type { Config } from '../config'
import { openApiDocument } from '../http/api-docs'
import { upstreamHealthHandler } from '../http/health'
import { createHttpApp } from '../http/http-app'
import { upstreamProxy } from '../http/upstream-proxy'
import { createLogger, type Logger } from '../logger'
import { createMarket } from '../market/index'
import { marketRouter } from '../market/routes'
import { createMetrics } from '../metrics/metrics'
import { requireOperator } from '../ops/operator-auth'
import { registerDepthHub } from '../realtime/depth.hub'
import { originAllowed } from '../realtime/origin-check'
import { registerQuotesHub } from '../realtime/quotes.hub'
import { attachRedisAdapter } from '../realtime/redis-adapter'
import { relayUserEvents } from '../realtime/user-relay'
import { refuseUserEvents } from '../realtime/user-upstream'

export interface UpstreamGatewayDeps {
  clock?: AdjustableClock
  logger?: Logger
}

/**
 * The composition root of upstream broker mode (`BROKER_UPSTREAM`, DESIGN.md): `/api/vue` is the
 * upstream broker's, forwarded as it is (`http/upstream-proxy.ts`); market data is this gateway's,
 * from its configured quote source (`/api/market`, the `/quotes` namespace with ticks and depth);
 * `/user` is relayed to the broker's (`realtime/user-relay.ts`), or refused when BROKER_UPSTREAM_EVENTS is
 * `off` (`realtime/user-upstream.ts`). There is no store, no broker, no back office and
 * no scheduler here: accounts, money and orders live upstream. `main.ts` builds this instead of
 * `createApp` when BROKER_UPSTREAM is set.
 */
export function createUpstreamGateway(config: Config, deps: UpstreamGatewayDeps = {}) {
  const upstream = config.brokerUpstream
  if (!upstream) throw new Error('createUpstreamGateway needs BROKER_UPSTREAM')
  const logger = deps.logger ?? createLogger(config)
  const clock = deps.clock ?? createClock()
  const market = createMarket({
    clock,
    seed: config.seed,
    marketHours: config.marketHours,
    logger: logger.child({ part: 'market' }),
    quoteSources: config.quoteSources,
    demand: config.quoteDemand,
  })
  const metrics = createMetrics({
    sockets: (namespace) => io.of(namespace).sockets.size,
    // No matcher or scheduler runs here; the market does, on every such gateway.
    isLeader: () => false,
  })
  const proxy = upstreamProxy({
    ...upstream,
    trustForwarded: config.trustProxy !== undefined,
    // The largest photo /common/upload takes, and room for its multipart framing and fields.
    maxBodyBytes: config.uploadMaxBytes + 64 * 1024,
  })
  const http = createHttpApp({
    logger,
    health: upstreamHealthHandler(market),
    clientDir: config.clientDir,
    trustProxy: config.trustProxy,
    // A route, not middleware, so /metrics times every forwarded call as one series.
    brokerRouter: Router().all('/*path', proxy.handler),
    marketRouter: marketRouter(market, clock),
    // The broker's calls are the upstream's own: this gateway documents only what it serves.
    apiDocs: openApiDocument([], config.appVersion),
    metrics: {
      timeRequests: metrics.timeRequests,
      router: Router().get('/', requireOperator(config.opsToken), metrics.serve),
    },
  })
  const server = createServer(http)
  const allowOrigin = originAllowed(config.allowedOrigins)
  const io = new Server(server, {
    connectionStateRecovery: {},
    allowRequest: (req, callback) => callback(null, allowOrigin(req)),
  })
  const hubs: { close(): void }[] = []
  let stopCountingTicks: (() => void) | undefined
  let closeRedis: (() => Promise<void>) | undefined
  let stopping: Promise<void> | undefined

  async function start(): Promise<{ port: number }> {
    await market.start()
    if (config.redisUrl) {
      closeRedis = await attachRedisAdapter(
        io,
        { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix },
        logger.child({ part: 'redis' }),
      )
    }
    hubs.push(registerQuotesHub(io, market, logger.child({ part: 'quotes' }), metrics))
    hubs.push(registerDepthHub(io, market, logger.child({ part: 'depth' })))
    stopCountingTicks = market.onQuotes((quotes) => metrics.tickedIn(quotes.length))
    if (upstream!.events) {
      const target = { ...upstream!.events, timeoutMs: upstream!.timeoutMs }
      relayUserEvents(io, target, logger.child({ part: 'user-relay' }))
    } else refuseUserEvents(io)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, config.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    logger.info({ upstream: new URL(upstream!.url).origin }, 'forwarding /api/vue upstream')
    return { port: (server.address() as AddressInfo).port }
  }

  async function shutDown(): Promise<void> {
    for (const hub of hubs) hub.close()
    stopCountingTicks?.()
    await closeServer(server, io)
    await closeRedis?.()
    await market.stop()
    await proxy.close()
  }

  return {
    start,
    /** Idempotent: a second call waits for the first. */
    stop: () => (stopping ??= shutDown()),
    config,
    logger,
    server,
    io,
    clock,
    market,
  }
}

export type UpstreamGateway = ReturnType<typeof createUpstreamGateway>
