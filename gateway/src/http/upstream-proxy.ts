import type { IncomingHttpHeaders } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { Request, RequestHandler, Response } from 'express'
import { Agent } from 'undici'
import { refused } from '@kabu/shared/api/envelope'

export interface UpstreamSettings {
  /** The broker's `/api/vue`, e.g. `https://broker.example/api/vue`. */
  url: string
  /** Connecting, waiting for the answer's headers, and any silence inside its body. */
  timeoutMs: number
  /**
   * Whether this gateway trusts the X-Forwarded-For it receives (TRUST_PROXY is set: a proxy such
   * as HAProxy stands in front). If not, a phone's own X-Forwarded-For is dropped, not passed on.
   */
  trustForwarded: boolean
  /**
   * Largest body passed on (the largest photo and its multipart framing): a bigger one is refused
   * here, so a phone cannot make this gateway stream it into the broker.
   */
  maxBodyBytes: number
}

// Headers of one connection (RFC 9110 §7.6.1), never passed on; `host` is the upstream's own.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
])

// undici's codes for "the upstream took too long" (connect, headers, body): answered 504.
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
])

/**
 * Upstream broker mode (DESIGN.md): every `/api/vue` request goes to the broker at `settings.url`
 * as it came (method, path and query, the `token`/`account` headers, form or multipart body
 * streamed through unparsed), and its answer comes back as it went (status, headers, body bytes,
 * its own compression). When the broker cannot be reached or is too slow the phone gets the
 * envelope `{status:0, msg:'upstream_unavailable'}` (502, or 504 on a timeout), never a hang or a
 * stack trace.
 *
 * undici (the engine of Node's own fetch, maintained by Node's team) rather than fetch: fetch
 * decompresses what it receives and streams uploads chunked, so the phone's gzip and the upload's
 * content-length would be lost on the way; `Agent.request` passes bytes through untouched and has
 * separate connect, headers and body timeouts over one keep-alive pool.
 *
 * What is logged: the upstream's origin, the path, and the error's code. Never a header or a body:
 * they carry the session token, passwords and the fund password.
 */
export function upstreamProxy(settings: UpstreamSettings): {
  handler: RequestHandler
  close(): Promise<void>
} {
  const base = new URL(settings.url)
  const basePath = base.pathname.replace(/\/+$/, '')
  const agent = new Agent({
    connect: { timeout: settings.timeoutMs },
    headersTimeout: settings.timeoutMs,
    bodyTimeout: settings.timeoutMs,
  })

  const handler: RequestHandler = async (req, res) => {
    // A phone that went away stops its request upstream too.
    const gone = new AbortController()
    res.once('close', () => {
      if (!res.writableFinished) gone.abort()
    })
    const carriesBody = req.method !== 'GET' && req.method !== 'HEAD'
    if (carriesBody && !(bodyLength(req) <= settings.maxBodyBytes)) {
      // Read and dropped, so the phone finishes sending and hears the answer.
      req.resume()
      return void res.status(413).json(refused('invalid_input'))
    }
    let answer: Awaited<ReturnType<Agent['request']>>
    try {
      answer = await agent.request({
        origin: base.origin,
        path: basePath + req.url,
        method: req.method as 'POST',
        headers: forwardedHeaders(req, settings.trustForwarded),
        body: carriesBody ? req : null,
        signal: gone.signal,
      })
    } catch (error) {
      if (gone.signal.aborted) return
      return unavailable(req, res, error, base.origin)
    }
    res.status(answer.statusCode)
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value)
    }
    try {
      await pipeline(answer.body, res)
    } catch (error) {
      // Headers are out: all that is left is to cut the answer short, so the phone sees it failed.
      if (!gone.signal.aborted) logFailure(req, error, base.origin, 'upstream answer cut short')
      res.destroy()
    }
  }
  return { handler, close: () => agent.close() }
}

/** The phone's headers less the hop-by-hop ones, with the usual X-Forwarded-* added. */
function forwardedHeaders(req: Request, trustForwarded: boolean): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name)) headers[name] = value
  }
  const peer = req.socket.remoteAddress ?? ''
  // Believed only from a trusted proxy: else a phone could name any address it likes upstream.
  const before = trustForwarded ? req.headers['x-forwarded-for'] : undefined
  headers['x-forwarded-for'] = before ? `${String(before)}, ${peer}` : peer
  headers['x-forwarded-proto'] = req.protocol
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host
  // The same id in both gateways' logs.
  headers['x-request-id'] = req.id
  return headers
}

/** The body's declared length; a chunked body of unknown length counts as too long. */
function bodyLength(req: Request): number {
  const declared = req.headers['content-length']
  if (declared === undefined) return req.headers['transfer-encoding'] ? Infinity : 0
  return /^\d{1,15}$/.test(declared) ? Number(declared) : Infinity
}

function errorCode(error: unknown): string {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } }
  if (typeof code === 'string') return code
  if (typeof cause?.code === 'string') return cause.code
  return error instanceof Error ? error.name : 'unknown'
}

function logFailure(req: Request, error: unknown, origin: string, what: string): void {
  req.log.warn({ upstream: origin, path: req.path, code: errorCode(error) }, what)
}

function unavailable(req: Request, res: Response, error: unknown, origin: string): void {
  logFailure(req, error, origin, 'upstream unavailable')
  if (res.headersSent) return void res.destroy()
  // The request body may still be arriving (an upload): the answer is final, so drop the rest.
  req.resume()
  const status = TIMEOUT_CODES.has(errorCode(error)) ? 504 : 502
  res.status(status).json(refused('upstream_unavailable'))
}
