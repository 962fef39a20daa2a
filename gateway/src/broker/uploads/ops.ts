import { Router } from 'express'
import { z } from 'zod'
import { refused } from '@kabu/shared/api/envelope'
import type { UploadsService } from './service'

const uploadId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

/**
 * `GET /api/ops/uploads/:id`: an identity photo or a support picture, for the console's review of
 * the documents (the console sends its bearer token; an <img> cannot, so it fetches a blob).
 * The same photo as `/api/vue/common/upload/:id` serves the script token.
 */
export function opsUploadsRoute(uploads: UploadsService): Router {
  const router = Router()
  router.get('/uploads/:id', async (req, res) => {
    const id = uploadId.safeParse(req.params.id)
    const file = id.success ? await uploads.pathFor(id.data, { operator: true }) : undefined
    if (!file) return void res.status(404).json(refused('not_found'))
    res.sendFile(
      file,
      { headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' } },
      (error) => {
        if (error && !res.headersSent) res.status(404).json(refused('not_found'))
      },
    )
  })
  return router
}
