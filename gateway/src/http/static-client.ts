import path from 'node:path'
import express, { Router } from 'express'
import expressStaticGzip from 'express-static-gzip'

/**
 * Serves the built client. Vite fingerprints everything under /assets, so those files never change
 * and may be cached for a year; index.html must be revalidated so a new build is picked up. The
 * app uses a hash router, so `/` is the only page the server needs to know. The build writes a
 * Brotli copy of each script and stylesheet (client/vite.config.ts): a browser that accepts br
 * gets it (express-static-gzip picks the file by Accept-Encoding and says Vary), the others the
 * plain file, which the app's compression middleware gzips.
 */
export function staticClient(clientDir: string): Router {
  const router = Router()
  router.use(
    '/assets',
    expressStaticGzip(path.join(clientDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: true },
    }),
  )
  const page = (file: string) => (_req: unknown, res: express.Response) => {
    res.setHeader('cache-control', 'no-cache')
    res.sendFile(path.join(clientDir, file), (error) => {
      if (error && !res.headersSent) {
        res.status(404).type('text').send('The client is not built yet: run `npm run build`.')
      }
    })
  }
  router.get('/', page('index.html'))
  // The back-office console: its own HTML entry of the same build (client/ops.html).
  // (Express matches `/ops` and `/ops/` alike: the bare one is sent to the slash, so the page's
  // relative URLs resolve under /ops/.)
  const opsPage = page('ops.html')
  router.get('/ops', (req, res) => {
    if (req.path.endsWith('/')) return opsPage(req, res)
    res.redirect(301, '/ops/')
  })
  // The rest of the build (manifest, service worker, icons): short-lived, revalidated by ETag.
  router.use(express.static(clientDir, { index: false }))
  return router
}
