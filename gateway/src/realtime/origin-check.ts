import type { IncomingMessage } from 'node:http'

/**
 * Which pages may open a socket (`/quotes`, `/user`): the app's own origin (the Origin's host is the
 * request's Host, as the browser sent it to us or a proxy passed it on) and the ALLOWED_ORIGINS
 * setting. A browser always sends Origin on a WebSocket upgrade, so another site's page cannot
 * ride a user's connection; a request without Origin is no browser's cross-site request (a same-
 * origin long-polling GET, a native client, a test) and is let in.
 */
export function originAllowed(allowed: readonly string[]) {
  const listed = new Set(allowed.map((o) => o.toLowerCase()))
  return (req: IncomingMessage): boolean => {
    const origin = req.headers.origin
    if (origin === undefined) return true
    if (listed.has(origin.toLowerCase())) return true
    try {
      return new URL(origin).host === req.headers.host?.toLowerCase()
    } catch {
      return false
    }
  }
}
