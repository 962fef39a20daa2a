import type { RequestHandler } from 'express'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** The socket.io namespaces whose connected sockets are counted. */
export const COUNTED_NAMESPACES = ['/quotes', '/user'] as const

export interface MetricsSources {
  /** Connected sockets of a namespace on this gateway. */
  sockets(namespace: string): number
  /** Whether this gateway runs the market, the matcher and the schedulers. */
  isLeader(): boolean
}

/**
 * Node's default metrics describe the process, not an app, so they are collected once per process.
 * Per app they would outlive it: prom-client's GC metric observes through a PerformanceObserver it
 * never disconnects, whose histogram names its registry, which holds the app's gauges, whose
 * `collect` reads the app's io server, and so every stopped app stayed in memory.
 */
let processRegistry: Registry | undefined
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/**
 * The gateway's Prometheus metrics (prom-client), one registry per app so tests that build several
 * apps in one process keep theirs apart. Rates are counters, as Prometheus wants them: ticks in
 * from the market, `ticks` frames out to phones, ledger transactions by kind (`rate(…[1m])` gives
 * the per-second figures). Request latency is a histogram by route pattern (never the raw path, so
 * ids and probes cannot explode the series); the event loop's delay comes with Node's defaults.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry()
  const requests = new Histogram({
    name: 'kabu_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const ticksIn = new Counter({
    name: 'kabu_ticks_in_total',
    help: 'quotes the market printed',
    registers: [registry],
  })
  const framesOut = new Counter({
    name: 'kabu_frames_out_total',
    help: '`ticks` messages sent to phones on /quotes',
    registers: [registry],
  })
  const ledgerTransactions = new Counter({
    name: 'kabu_ledger_transactions_total',
    help: 'ledger transactions posted by this gateway, by kind',
    labelNames: ['kind'],
    registers: [registry],
  })
  new Gauge({
    name: 'kabu_sockets',
    help: 'connected sockets by namespace',
    labelNames: ['namespace'],
    registers: [registry],
    collect() {
      for (const namespace of COUNTED_NAMESPACES)
        this.set({ namespace }, sources.sockets(namespace))
    },
  })
  new Gauge({
    name: 'kabu_leader',
    help: '1 when this gateway runs the market, the matcher and the schedulers',
    registers: [registry],
    collect() {
      this.set(sources.isLeader() ? 1 : 0)
    },
  })

  /** Times every request from its arrival to its last byte, labelled by the route that took it. */
  const timeRequests: RequestHandler = (req, res, next) => {
    const stop = requests.startTimer()
    res.on('finish', () => {
      // Express sets route and baseUrl on the request that a route answered; anything else (the
      // built client, a 404) is one series.
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : 'other'
      stop({ method: req.method, route, status: `${Math.floor(res.statusCode / 100)}xx` })
    })
    next()
  }

  // After every metric of the app above is registered: merge copies the list it is given.
  const exposed = Registry.merge([processMetrics(), registry])
  const serve: RequestHandler = async (_req, res) => {
    res.set('Content-Type', exposed.contentType)
    res.send(await exposed.metrics())
  }

  return {
    timeRequests,
    serve,
    tickedIn: (count: number) => ticksIn.inc(count),
    frameSent: () => framesOut.inc(),
    ledgerPosted: (kind: string) => ledgerTransactions.inc({ kind }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>
