import { closeServer } from './http/close-server'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Router } from 'express'
import { Server } from 'socket.io'
import { createCluster } from './cluster/index'
import { createBroker } from './composition/broker'
import { leaderJobs } from './composition/leader-jobs'
import { demoAccount } from './composition/demo-account'
import type { BalanceReader } from './broker/auth/balances'
import { SessionCache } from './broker/auth/session-cache'
import { createClock, type AdjustableClock } from './clock'
import type { Config } from './config'
import { healthHandler } from './http/health'
import { createHttpApp } from './http/http-app'
import { DEFAULT_SESSION_RATE_LIMIT, type RateLimitOptions } from './http/rate-limit'
import { openApiDocument } from './http/api-docs'
import { createBrokerRouter } from './http/broker-router'
import { createLogger, type Logger } from './logger'
import { createMetrics } from './metrics/metrics'
import { createMarket } from './market/index'
import { marketRouter } from './market/routes'
import { createOps, inactiveStatus } from './ops/index'
import { requireOperator } from './ops/operator-auth'
import { registerDepthHub } from './realtime/depth.hub'
import { originAllowed } from './realtime/origin-check'
import { registerQuotesHub } from './realtime/quotes.hub'
import { attachRedisAdapter } from './realtime/redis-adapter'
import { createUserHub, RECOVERY_WINDOW_MS } from './realtime/user.hub'
import { migrateToLatest, openStore } from './store/index'
import { SESSION_NOTICES } from './store/migrations/0011-session-notices'
import { followNotices } from './store/postgres'
import { seedDemo } from './store/seed'

export interface AppDeps {
  clock?: AdjustableClock
  logger?: Logger
  /** Per-IP limit of login and register; tests raise it, or lower it to see it work. */
  sessionRateLimit?: RateLimitOptions
  /** The ledger's balance reader, once it exists. */
  balances?: BalanceReader
  /** How often open `/user` sockets are checked against their session (tests shorten it). */
  userSessionRecheckMs?: number
  /**
   * A PEM certificate that push connections trust beside the public roots: the one seam for a test
   * whose push service runs in-process with a certificate it made (NODE_EXTRA_CA_CERTS is read only
   * when a process starts). Nothing in production sets it.
   */
  pushExtraCa?: string
}

/** How long an idle keep-alive connection stays open: longer than a load balancer's 60 s. */
export const KEEP_ALIVE_MS = 65_000

/**
 * The composition root (STYLE.md #7): config → logger → store → clock → market → broker → HTTP and
 * socket.io. Building it touches nothing outside; start() migrates, seeds the demo, starts the
 * market and listens, stop() closes all of it so a test process can exit.
 */
export function createApp(config: Config, deps: AppDeps = {}) {
  const logger = deps.logger ?? createLogger(config)
  const store = openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    idleError: (err) => logger.warn({ err }, 'an idle PostgreSQL connection was lost'),
  })
  const clock = deps.clock ?? createClock()
  const ownMarket = createMarket({
    clock,
    seed: config.seed,
    marketHours: config.marketHours,
    logger: logger.child({ part: 'market' }),
    quoteSources: config.quoteSources,
    // What orders, holdings and alerts need priced: asked of the broker (built below) once the
    // feeds run (on the leader, whose alert watcher holds the active alerts).
    demand: {
      ...config.quoteDemand,
      brokerCodes: async () => ({
        ...(await broker.trading.wantedCodes()),
        alerts: broker.alerts.watcher.codes(),
      }),
    },
    payLag: config.actions.payLagDays,
  })
  // With PostgreSQL and Redis the gateways share one market: everything below uses the leader's
  // quotes as relayed, and only the leader runs the matcher and the schedulers (issue 16).
  const cluster = createCluster(config, {
    market: ownMarket,
    logger: logger.child({ part: 'cluster' }),
  })
  const market = cluster.market
  const metrics = createMetrics({
    // Read when /metrics is, from the io server built below.
    sockets: (namespace) => io.of(namespace).sockets.size,
    isLeader: () => cluster.role() === 'leader',
  })
  // Live sessions are kept while the store's notices of their changes are followed (from start()).
  const sessions = new SessionCache()
  // Built before the io server: areas need `emit` now, the namespace is attached at start.
  const userHub = createUserHub({
    recheckMs: deps.userSessionRecheckMs,
    spansGateways: Boolean(config.redisUrl),
  })
  const broker = createBroker({
    db: store.db,
    clock,
    config,
    quotesSimulated: () => market.status().simulated,
    balances: deps.balances,
    userEvents: userHub,
    market,
    logger,
    sessions,
    ledgerPosted: metrics.ledgerPosted,
    liveSockets: userHub,
    pushExtraCa: deps.pushExtraCa,
  })
  const ops = createOps({
    db: store.db,
    clock,
    followClock: () => market.catchUp(),
    config,
    reviews: broker.reviewDesk,
    passwords: broker.passwords,
    userHub,
    ledgerCheck: (db) => broker.ledger.check(db),
    forgetSessions: (userId) => sessions?.forgetUser(userId),
    extraRoutes: broker.areas.flatMap((area) => area.opsRoutes ?? []),
  })
  const brokerApi = createBrokerRouter({
    authenticate: broker.auth.authenticate,
    areas: broker.areas.flatMap((area) => area.routes ?? []),
    rateLimit: deps.sessionRateLimit ?? DEFAULT_SESSION_RATE_LIMIT,
  })
  const http = createHttpApp({
    logger,
    health: healthHandler(store, market, cluster.role),
    clientDir: config.clientDir,
    trustProxy: config.trustProxy,
    // Multipart uploads and the photos they serve go in front of the form router.
    brokerRouter: Router().use(broker.identity.uploadsRouter, brokerApi.router),
    brokerCalls: brokerApi.callAt,
    marketRouter: Router().use(broker.ipo.marketRouter, marketRouter(market, clock)),
    opsRouter: ops.router,
    apiDocs: openApiDocument(brokerApi.routes, config.appVersion),
    metrics: {
      timeRequests: metrics.timeRequests,
      router: Router().get('/', requireOperator(config.opsToken), metrics.serve),
    },
  })
  const completeDemo = demoAccount({
    db: store.db,
    broker,
    logger: logger.child({ part: 'demo' }),
    login: {
      account: config.demoAccount,
      password: config.demoPassword,
      fundPassword: config.demoFundPassword,
    },
  })
  const server = createServer(http)
  // An idle keep-alive connection outlives those of whatever reuses it: haproxy's pool, a cloud
  // load balancer's 60 s, a phone's or fetch's own. Node's 5 s let the gateway close a connection
  // while a request was on its way on it (ECONNRESET, a proxy's 502).
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.headersTimeout = KEEP_ALIVE_MS + 1_000
  const allowOrigin = originAllowed(config.allowedOrigins)
  const io = new Server(server, {
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS },
    // Another site's page may not open a socket in the user's name (issue 17's audit).
    allowRequest: (req, callback) => callback(null, allowOrigin(req)),
  })
  let hub: { close(): void } | undefined
  let stopCountingTicks: (() => void) | undefined
  let closeRedis: (() => Promise<void>) | undefined
  let stopNotices: (() => Promise<void>) | undefined
  let stopping: Promise<void> | undefined

  async function start(): Promise<{ port: number }> {
    const applied = await migrateToLatest(store)
    if (applied.length) logger.info({ applied }, 'migrations applied')
    // The VAPID keys, set or kept in the store (made by the first gateway to start).
    await broker.notifications.start()
    if (store.followSessions) {
      const notices = store.followSessions((userId) => sessions.forgetUser(userId))
      sessions.following(true, () => notices.writtenElsewhere())
    } else if (config.databaseUrl) {
      stopNotices = await followNotices(config.databaseUrl, SESSION_NOTICES, {
        notice: (payload) => {
          sessions.notice(payload)
          // Another gateway's logout or password change: this one's sockets of that user too.
          if (/^\d{1,19}$/.test(payload)) userHub.recheckUser(BigInt(payload))
        },
        connected: (isConnected) => {
          sessions.following(isConnected)
          if (!isConnected)
            logger.warn('session notices not followed: every call reads its session')
        },
      })
    }
    if (config.demo) {
      const demo = {
        account: config.demoAccount,
        password: config.demoPassword,
        invite: config.demoInvite,
      }
      const { created } = await seedDemo(store.db, demo, { passwords: broker.passwords, clock })
      // The rest of a used account (identity, card, deposits, watchlist), through the services.
      const completed = await completeDemo.profile()
      logger.info({ account: demo.account, created, completed }, 'demo login ready')
      logger.info({ created: await ops.seedDemoOperators() }, 'demo operators ready')
    }
    await market.start()
    // The demo's first trades need prices (before the auto review and the matcher start).
    if (config.demo) logger.info({ bought: await completeDemo.trades() }, 'demo trades')
    // The matcher and the schedulers, here or on whichever gateway leads.
    await cluster.start(leaderJobs(broker.areas))
    // Each gateway of a cluster lists new shares on its own market (the leader's IPO job does too).
    if (cluster.shared) broker.ipo.debuts.start()
    if (config.redisUrl) {
      closeRedis = await attachRedisAdapter(
        io,
        { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix },
        logger.child({ part: 'redis' }),
      )
    }
    hub = registerQuotesHub(io, market, logger.child({ part: 'quotes' }), metrics)
    stopCountingTicks = market.onQuotes((quotes) => metrics.tickedIn(quotes.length))
    registerDepthHub(io, market, logger.child({ part: 'depth' }))
    userHub.attach(
      io,
      {
        authenticate: broker.auth.authenticate,
        inactiveStatus: (userId) => inactiveStatus(store.db, userId),
      },
      logger.child({ part: 'user-hub' }),
    )
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, config.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    return { port: (server.address() as AddressInfo).port }
  }

  async function shutDown(): Promise<void> {
    hub?.close()
    stopCountingTicks?.()
    // Lets go of the lead (another gateway takes it) and stops the matcher and the schedulers.
    await cluster.stop()
    await broker.ipo.debuts.stop()
    userHub.close()
    await closeServer(server, io)
    await closeRedis?.()
    await stopNotices?.()
    await market.stop()
    // Notifications of the last events are written (and their pushes sent) before the store closes.
    await broker.notifications.idle()
    await store.close()
  }

  return {
    start,
    /** Idempotent: a second call waits for the first. */
    stop: () => (stopping ??= shutDown()),
    config,
    logger,
    server,
    io,
    store,
    db: store.db,
    clock,
    market,
    cluster,
    broker,
    ops,
    userHub,
    /** Every /api/vue call, as registered (path, auth, rateLimited). */
    brokerRoutes: brokerApi.routes,
  }
}

export type App = ReturnType<typeof createApp>
