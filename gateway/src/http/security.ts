import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import helmet from 'helmet'

/**
 * Security headers. The CSP allows only the app's own origin, plus what it really uses: `data:`
 * images (icons), inline styles (emotion injects <style> tags at run time). `connect-src 'self'`
 * covers socket.io's ws/wss to the same host (CSP Level 3), and nothing else.
 * `upgrade-insecure-requests` is off because a phone on the LAN reaches the demo over plain http,
 * and the browser would otherwise rewrite every asset to an https URL that does not exist.
 */
const policy = () =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  })

/**
 * The headers helmet sets under this policy, taken once from helmet itself: nothing in the policy
 * depends on the request (no nonce). Helmet with its setHeader calls was ~2.6 % of the gateway's
 * samples under tests/load/orders-profile.ts; of that only the setHeader calls are left.
 */
export function securityHeaderList(): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = []
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    // On a fresh answer there is nothing to remove (helmet drops X-Powered-By, which Express
    // is told not to add and node never does).
    removeHeader: () => undefined,
  }
  let done = false
  policy()({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    done = true
  })
  if (!done) throw new Error('helmet did not set its headers at once')
  return headers
}

/** Sets securityHeaderList on every answer. */
export function securityHeaders(): RequestHandler {
  const list = securityHeaderList()
  return (_req, res, next) => {
    for (const [name, value] of list) res.setHeader(name, value)
    next()
  }
}
