import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'

// A caller's own id is kept (so a proxy's or the client's id ties the logs together) only when it
// cannot smuggle anything into the logs or headers.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id']
  const id = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID()
  res.setHeader('x-request-id', id)
  return id
}

/** One log line per request, each carrying the request id that the response echoes. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestId,
    // Bodies may hold passwords and headers hold session tokens: log neither.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  })
}
