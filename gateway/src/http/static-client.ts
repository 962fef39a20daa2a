import path from 'node:path'
import express, { Router } from 'express'

/**
 * Serves the built client. Vite fingerprints everything under /assets, so those files never change
 * and may be cached for a year; index.html must be revalidated so a new build is picked up. The
 * app uses a hash router, so `/` is the only page the server needs to know.
 */
export function staticClient(clientDir: string): Router {
  const router = Router()
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: true,
    }),
  )
  router.get('/', (_req, res) => {
    res.setHeader('cache-control', 'no-cache')
    res.sendFile(path.join(clientDir, 'index.html'), (error) => {
      if (error && !res.headersSent) {
        res.status(404).type('text').send('The client is not built yet: run `npm run build`.')
      }
    })
  })
  // The rest of the build (manifest, service worker, icons): short-lived, revalidated by ETag.
  router.use(express.static(clientDir, { index: false }))
  return router
}
