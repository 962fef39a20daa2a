import compression from 'compression'
import express, { Router, type Request, type Response } from 'express'
import type { z } from 'zod'
import {
  Refusal,
  type Authenticate,
  type SessionUser,
  type BrokerCalls,
  type BrokerFileHandler,
  type BrokerHandler,
  type BrokerRoutes,
} from '../broker/index'
import { perIpLimiter, type RateLimitOptions } from './rate-limit'
import { sessionOf } from './session.middleware'
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
const FORM_LIMIT = '64kb'
const FIELD_LIMIT = 100

function formFields(req: Request): Record<string, unknown> {
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

// compression's own threshold: below it, gzip's framing costs more than it saves.
const COMPRESS_FROM_BYTES = 1024
const compressed = compression({ threshold: COMPRESS_FROM_BYTES })

/**
 * Sends an answer, gzip-compressed when it is large (a list) and the phone accepts it.
 *
 * Written out here rather than by res.json, and past the app's compression, because both cost
 * more than an order's answer is worth: res.json hashes every body for an ETag (no browser
 * revalidates a POST), and the compression middleware takes ~30 µs a call to find that ~60 bytes
 * are under its threshold. Together ~50 µs per call on a bare express app, a buy and its sell
 * ~0.6 ms in the gateway (tests/load/orders.ts). So compression is engaged only for a large answer.
 */
function answer(req: Request, res: Response, envelope: unknown): void {
  const json = JSON.stringify(envelope)
  const bytes = Buffer.byteLength(json)
  res.setHeader('content-type', 'application/json; charset=utf-8')
  if (bytes < COMPRESS_FROM_BYTES) {
    res.setHeader('content-length', bytes)
    res.end(json)
  } else void compressed(req, res, () => res.end(json))
}

/** The page a call came from, for passkeys' relying party (the host asked, the page's origin). */
export const siteOf = (req: Request) => ({
  host: req.headers.host ?? '',
  origin: req.headers.origin,
})

/**
 * What a handler gets of its request. `log` is read through: the request's logger is made when
 * first used (request-log.ts), and most calls never log.
 */
function callOf<User>(req: Request, body: Record<string, unknown>, input: unknown, user: User) {
  return {
    body,
    input,
    user,
    ip: req.ip ?? '',
    site: siteOf(req),
    get log() {
      return req.log
    },
  }
}

/** A call's whole handling: who calls, the form, the handler, the answer. Errors are thrown. */
type Call = (req: Request, res: Response) => Promise<void>

function run<User>(
  schema: z.ZodType | null,
  handler: BrokerHandler<User>,
  userOf: (req: Request) => User | Promise<User>,
): Call {
  return async (req, res) => {
    const user = await userOf(req)
    const body = formFields(req)
    // A ZodError goes to brokerErrorHandler, as when handlers parsed their own forms.
    const input: unknown = schema ? schema.parse(body) : undefined
    answer(req, res, await handler(callOf(req, body, input, user)))
  }
}

function runFile<User>(
  schema: z.ZodType,
  handler: BrokerFileHandler<User>,
  userOf: (req: Request) => Promise<User>,
): Call {
  return async (req, res) => {
    const user = await userOf(req)
    const body = formFields(req)
    const input: unknown = schema.parse(body)
    const file = await handler(callOf(req, body, input, user))
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
}): { router: Router; routes: BrokerRouteInfo[] } {
  const router = Router()
  const routes: BrokerRouteInfo[] = []
  router.use(
    express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: FIELD_LIMIT }),
  )
  const session = sessionOf(deps.authenticate)
  // The calls by path, found in one lookup: Express tries its routes one by one, a regular
  // expression each, and /api/vue has a few hundred. Express's own matching (case-insensitive, a
  // trailing slash allowed) is kept by the key.
  const calls = new Map<string, Call>()
  const keyOf = (path: string) => path.toLowerCase().replace(/(.)\/$/, '$1')
  router.use((req, res, next) => {
    const call = req.method === 'POST' ? calls.get(keyOf(req.path)) : undefined
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
  return { router, routes }
}
