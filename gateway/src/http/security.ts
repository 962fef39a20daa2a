import helmet from 'helmet'

/**
 * Security headers. The CSP allows only the app's own origin, plus what it really uses: `data:`
 * images (icons), inline styles (emotion injects <style> tags at run time). `connect-src 'self'`
 * covers socket.io's ws/wss to the same host (CSP Level 3), and nothing else.
 * `upgrade-insecure-requests` is off because a phone on the LAN reaches the demo over plain http,
 * and the browser would otherwise rewrite every asset to an https URL that does not exist.
 */
export function securityHeaders() {
  return helmet({
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
}
