import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import proxyAddr from 'proxy-addr'
import qs from 'qs'
import { FIELD_LIMIT, FORM_LIMIT_BYTES, type Call, type CallRequest } from './broker-router'
import { answerFailure } from './broker-errors'

const PREFIX = '/api/vue/'
// The form type body-parser reads as UTF-8 (no charset says UTF-8 too).
const UTF8_FORM = /^application\/x-www-form-urlencoded(?:\s*;\s*charset="?utf-8"?)?$/i
const BOM = '\uFEFF'

/** A client error as http-errors makes them: answerFailure answers its status. */
const clientError = (status: number, message: string) =>
  Object.assign(new Error(message), { status })

/**
 * The form as body-parser's `urlencoded({ extended: false, parameterLimit: FIELD_LIMIT })` parses
 * it (body-parser 2's types/urlencoded.js: the same count, the same qs options, the same errors), so
 * that a call answers alike on either path.
 */
function parseForm(text: string): Record<string, unknown> {
  if (text.length === 0) return {}
  let count = 0
  let at = -1
  do {
    if (++count > FIELD_LIMIT) throw clientError(413, 'too many parameters')
    at = text.indexOf('&', at + 1)
  } while (at !== -1)
  try {
    return qs.parse(text, {
      allowPrototypes: true,
      arrayLimit: count,
      depth: 0,
      charset: 'utf-8',
      parameterLimit: FIELD_LIMIT,
      strictDepth: true,
    })
  } catch (error) {
    if (error instanceof RangeError) throw clientError(400, 'The input exceeded the depth')
    throw error
  }
}

/** The call a request may take past Express, or undefined when Express must see it. */
function plainCall(req: IncomingMessage, callAt: (path: string) => Call | undefined) {
  if (req.method !== 'POST' || !req.url?.startsWith(PREFIX)) return undefined
  const length = Number(req.headers['content-length'])
  if (!(length <= FORM_LIMIT_BYTES) || req.headers['content-encoding'] !== undefined)
    return undefined
  if (!UTF8_FORM.test(req.headers['content-type'] ?? '')) return undefined
  const query = req.url.indexOf('?')
  const path = req.url.slice(PREFIX.length - 1, query === -1 ? undefined : query)
  return callAt(path)
}

/**
 * /api/vue's form calls served from node's request, in front of Express: Express's app and router,
 * body-parser (raw-body, type-is) and the request prototypes Express swaps in took ~15 % of the
 * gateway's CPU an order (tests/load/README.md, "Orders"). Only the plain case comes
 * here: a POST of a UTF-8 urlencoded form with a Content-Length within FORM_LIMIT_BYTES and no
 * Content-Encoding, to a path at which the form router has a call. Everything else (another charset,
 * a chunked or compressed body, a throttled call, an upload, a path Express would normalise) goes to
 * `fallback`, the Express app, which serves the same calls as before. Each request here passes the
 * app's `everyRequest` middleware first (its id, log line, metrics, security headers), in order;
 * they must call next at once. `trust` is Express's compiled `trust proxy fn`, so `ip` is req.ip.
 */
export function brokerFastPath(deps: {
  callAt: (path: string) => Call | undefined
  everyRequest: readonly RequestHandler[]
  trust: (address: string, hop: number) => boolean
  fallback: RequestListener
}): RequestListener {
  const { callAt, everyRequest, trust, fallback } = deps
  const fail = (error: unknown, req: CallRequest, res: ServerResponse) => {
    if (res.headersSent) return void res.destroy()
    answerFailure(error, req, res)
  }
  return (req, res) => {
    const call = plainCall(req, callAt)
    if (!call) return fallback(req, res)
    const request = req as CallRequest & { originalUrl?: string }
    request.originalUrl = req.url
    for (const middleware of everyRequest) {
      let passed = false
      middleware(request as never, res as never, () => void (passed = true))
      if (!passed)
        return fail(new Error('a middleware of every request did not pass at once'), request, res)
    }
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('error', () => res.destroy())
    req.on('end', () => {
      try {
        const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')
        request.body = parseForm(text.startsWith(BOM) ? text.slice(1) : text)
        request.ip = proxyAddr(req, trust)
      } catch (error) {
        return fail(error, request, res)
      }
      call(request, res).catch((error: unknown) => fail(error, request, res))
    })
  }
}
