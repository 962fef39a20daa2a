import type { RequestListener } from 'node:http'
import compression from 'compression'
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express'
import type { Logger } from 'pino'
import { refused } from '@kabu/shared/api/envelope'
import { brokerFastPath } from './broker-fast-path'
import type { Call } from './broker-router'
import { requestLogger } from './request-log'
import { securityHeaders } from './security'
import { staticClient } from './static-client'

export interface HttpDeps {
  logger: Logger
  /** `GET /health`: the store and market of this gateway (`healthHandler`), or an upstream's. */
  health: RequestHandler
  clientDir: string
  /** Express's `trust proxy` (TRUST_PROXY): whose X-Forwarded-For gives `req.ip`. */
  trustProxy?: number | string
  brokerRouter: Router
  /** The form router's calls by path (its callAt): plain forms are served past Express. */
  brokerCalls?: (path: string) => Call | undefined
  marketRouter: Router
  /** The back office (`/api/ops`), guarded by its own bearer token. */
  opsRouter?: Router
  /** `GET /api/docs`: the OpenAPI document of the two APIs (api-docs.ts). */
  apiDocs: object
  /** Prometheus metrics: the request timer, and `GET /metrics` (behind the operator token). */
  metrics?: { timeRequests: RequestHandler; router: Router }
}

// Outside /api/vue (which has its own handler) a failure is still an envelope, never a stack trace.
const lastResortErrors: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error)
  const status = (error as { status?: unknown }).status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return void res.status(status).json(refused(status === 404 ? 'not_found' : 'invalid_input'))
  }
  req.log.error({ err: error }, 'unhandled error')
  res.status(500).json({ ...refused('network_error'), request_id: req.id })
}

/**
 * The gateway's HTTP: logs and security headers, health, the two APIs, then the built client, in an
 * express app, with the plain form calls of /api/vue taken past it when `brokerCalls` is given.
 */
export function createHttpApp(deps: HttpDeps): RequestListener {
  const app = express()
  app.disable('x-powered-by')
  if (deps.trustProxy !== undefined) app.set('trust proxy', deps.trustProxy)
  const everyRequest: RequestHandler[] = [
    requestLogger(deps.logger),
    ...(deps.metrics ? [deps.metrics.timeRequests] : []),
    securityHeaders(),
  ]
  app.use(everyRequest)
  app.get('/health', deps.health)
  if (deps.metrics) app.use('/metrics', deps.metrics.router)
  // It gzips its own large answers (answer.ts).
  app.use('/api/vue', deps.brokerRouter)
  // Phones on mobile networks: the app's JS and the other JSON answers go out gzip-compressed.
  app.use(compression())
  app.get('/api/docs', (_req, res) => void res.json(deps.apiDocs))
  app.use('/api/market', deps.marketRouter)
  if (deps.opsRouter) app.use('/api/ops', deps.opsRouter)
  app.use('/api', (_req, res) => void res.status(404).json(refused('not_found')))
  app.use(staticClient(deps.clientDir))
  app.use((_req, res) => void res.status(404).json(refused('not_found')))
  app.use(lastResortErrors)
  if (!deps.brokerCalls) return app
  return brokerFastPath({
    callAt: deps.brokerCalls,
    everyRequest,
    trust: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    fallback: app,
  })
}
