import express, { Router } from 'express'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import {
  Refusal,
  type Authenticate,
  type SessionUser,
  type BrokerCall,
  type BrokerCalls,
  type BrokerFileHandler,
  type BrokerHandler,
  type BrokerRoutes,
} from '../broker/index'
import { perIpLimiter, type RateLimitOptions } from './rate-limit'
import { sessionOf } from './session.middleware'
import { answer, compressed } from './answer'
import { brokerErrorHandler, brokerNotFound } from './broker-errors'

export interface BrokerRouteInfo {
  path: string
  auth: boolean
  rateLimited: boolean
  /** The form's schema, parsed before the handler runs; null for a call registered without one. */
  schema: z.ZodType | null
  /** Answers with a file (BrokerRoutes.authedFile) rather than the envelope when it succeeds. */
  file?: boolean
}

// Forms of this API are a handful of short fields; 64 KB leaves room and stops floods early.
export const FORM_LIMIT_BYTES = 64 * 1024
export const FIELD_LIMIT = 100

/**
 * What a call reads of its request: node's, with the form (`body`) and the caller's address (`ip`)
 * put there by Express or by the fast path (broker-fast-path.ts), and the request's id and logger
 * (request-log.ts).
 */
export type CallRequest = IncomingMessage & { body?: unknown; ip?: string }

function formFields(req: CallRequest): Record<string, unknown> {
  // A body that is not a form (JSON, none) leaves req.body undefined: every field is then missing.
  const body: unknown = req.body
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  // PostgreSQL cannot store NUL in text, and no field of ours has a use for it: refuse it here once.
  for (const value of Object.values(fields)) {
    const values = Array.isArray(value) ? value : [value]
    if (values.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      throw new Refusal('invalid_input')
    }
  }
  return fields
}

/** The page a call came from, for passkeys' relying party (the host asked, the page's origin). */
export const siteOf = (req: IncomingMessage) => ({
  host: req.headers.host ?? '',
  origin: req.headers.origin,
})

/**
 * What a handler gets of its request. `log` is read through: the request's logger is made when
 * first used (request-log.ts), and most calls never log. A class, so that the getter is its
 * prototype's: an object literal's own getter (a new closure per call) gives each call object a
 * map of its own in V8's old space, which keeps the request and its answer alive past every
 * young-generation collection (request-log.ts has the figures).
 */
class CallOf<User> implements BrokerCall<User> {
  readonly ip: string
  readonly site: BrokerCall<User>['site']
  readonly #req: CallRequest

  constructor(
    req: CallRequest,
    readonly body: Record<string, unknown>,
    readonly input: unknown,
    readonly user: User,
  ) {
    this.#req = req
    this.ip = req.ip ?? ''
    this.site = siteOf(req)
  }

  get log() {
    return this.#req.log
  }
}

/** A call's whole handling: who calls, the form, the handler, the answer. Errors are thrown. */
export type Call = (req: CallRequest, res: ServerResponse) => Promise<void>

function run<User>(
  schema: z.ZodType | null,
  handler: BrokerHandler<User>,
  userOf: (req: CallRequest) => User | Promise<User>,
): Call {
  return async (req, res) => {
    const user = await userOf(req)
    const body = formFields(req)
    // A ZodError goes to brokerErrorHandler, as when handlers parsed their own forms.
    const input: unknown = schema ? schema.parse(body) : undefined
    answer(req, res, await handler(new CallOf(req, body, input, user)))
  }
}

function runFile<User>(
  schema: z.ZodType,
  handler: BrokerFileHandler<User>,
  userOf: (req: CallRequest) => Promise<User>,
): Call {
  return async (req, res) => {
    const user = await userOf(req)
    const body = formFields(req)
    const input: unknown = schema.parse(body)
    const file = await handler(new CallOf(req, body, input, user))
    res.setHeader('content-type', file.contentType)
    res.setHeader('content-disposition', `attachment; filename="${file.filename}"`)
    res.setHeader('cache-control', 'no-store')
    void compressed(req, res, () => res.end(file.body))
  }
}

type Registration<User, Options> =
  | [schema: z.ZodType, handler: BrokerHandler<User, never>, options?: Options]
  | [handler: BrokerHandler<User>, options?: Options]

/** Both forms of `routes.open/authed(path, [schema,] handler, [options])`, as one shape. */
function registration<User, Options>(
  args: Registration<User, Options>,
): { schema: z.ZodType | null; handler: BrokerHandler<User>; options: Options | undefined } {
  if (typeof args[0] === 'function') {
    const [handler, options] = args as [BrokerHandler<User>, Options?]
    return { schema: null, handler, options }
  }
  const [schema, handler, options] = args as [z.ZodType, BrokerHandler<User>, Options?]
  return { schema, handler, options }
}

/**
 * The /api/vue router: POST with form bodies, the envelope of API.md, sessions from the `token` and
 * `account` headers, and one error handler. Areas add their calls through `BrokerRoutes`; `routes`
 * lists every registered call with its form's schema (the bad-input, cross-user and every-route
 * tests walk it, so new areas are covered for free).
 */
export function createBrokerRouter(deps: {
  authenticate: Authenticate
  areas: readonly BrokerCalls[]
  rateLimit: RateLimitOptions
}): {
  router: Router
  routes: BrokerRouteInfo[]
  /** The call registered at `path` (below /api/vue) that Express would run, if any. */
  callAt: (path: string) => Call | undefined
} {
  const router = Router()
  const routes: BrokerRouteInfo[] = []
  router.use(
    express.urlencoded({ extended: false, limit: FORM_LIMIT_BYTES, parameterLimit: FIELD_LIMIT }),
  )
  const session = sessionOf(deps.authenticate)
  // The calls by path, found in one lookup: Express tries its routes one by one, a regular
  // expression each, and /api/vue has a few hundred. Express's own matching (case-insensitive, a
  // trailing slash allowed) is kept by the key.
  const calls = new Map<string, Call>()
  const keyOf = (path: string) => path.toLowerCase().replace(/(.)\/$/, '$1')
  const callAt = (path: string) => calls.get(keyOf(path))
  router.use((req, res, next) => {
    const call = req.method === 'POST' ? callAt(req.path) : undefined
    if (call) call(req, res).catch(next)
    else next()
  })

  const claim = (info: BrokerRouteInfo) => {
    if (!info.path.startsWith('/') || routes.some((r) => r.path === info.path)) {
      throw new Error(`/api/vue${info.path} is registered twice or malformed`)
    }
    routes.push(info)
  }
  const registry: BrokerRoutes = {
    open(path: string, ...args: Registration<null, { rateLimited?: boolean }>) {
      const { schema, handler, options } = registration(args)
      const rateLimited = options?.rateLimited ?? false
      claim({ path, auth: false, rateLimited, schema })
      const call = run(schema, handler, () => null)
      // A throttled call goes through its limiter as an Express route.
      if (rateLimited) router.post(path, perIpLimiter(deps.rateLimit), (req, res) => call(req, res))
      else calls.set(keyOf(path), call)
    },
    authed(path: string, ...args: Registration<SessionUser, never>) {
      const { schema, handler } = registration(args)
      claim({ path, auth: true, rateLimited: false, schema })
      calls.set(keyOf(path), run(schema, handler, session))
    },
    authedFile(path, schema, handler) {
      claim({ path, auth: true, rateLimited: false, schema, file: true })
      calls.set(keyOf(path), runFile(schema, handler as BrokerFileHandler<SessionUser>, session))
    },
  }
  for (const area of deps.areas) area(registry)

  router.use(brokerNotFound)
  router.use(brokerErrorHandler)
  return { router, routes, callAt }
}
