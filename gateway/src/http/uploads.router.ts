import { timingSafeEqual } from 'node:crypto'
import { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express'
import multer from 'multer'
import { refused } from '@kabu/shared/api/envelope'
import {
  type Authenticate,
  Refusal,
  UploadedFile,
  type UploadsService,
  type Viewer,
} from '../broker/index'
import { requireSession } from './session.middleware'
import { brokerErrorHandler } from './broker-errors'

export interface UploadsHttpDeps {
  uploads: UploadsService
  authenticate: Authenticate
  opsToken: string
  maxBytes: number
}

const isMultipart = (req: Request) => req.is('multipart/form-data') === 'multipart/form-data'

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Mounted on /api/vue in front of the form router. A multipart POST to /common/upload is checked
 * for a session, then read into memory (capped) and handed on with its bytes in the form, where the
 * `/common/upload` call of the uploads area parses it like any other form; every other request
 * passes through untouched. `GET /common/upload/:id` serves a photo to its owner (session headers)
 * or to an operator (`Authorization: Bearer <OPS_TOKEN>`), and is a 404 to everyone else.
 */
export function uploadsHttp(deps: UploadsHttpDeps): Router {
  const router = Router()
  const parts = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: deps.maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  }).single('file')

  const foldFile: RequestHandler = (req, _res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    delete body.file
    if (req.file) body.file = new UploadedFile(req.file.buffer)
    req.body = body
    next()
  }
  router.post(
    '/common/upload',
    (req, _res, next) => next(isMultipart(req) ? undefined : 'route'),
    requireSession(deps.authenticate),
    parts,
    foldFile,
  )

  router.get('/common/upload/:id', async (req, res) => {
    const viewer = await viewerOf(req, deps)
    const file = viewer ? await deps.uploads.pathFor(req.params.id ?? '', viewer) : undefined
    if (!file) return void res.status(404).json(refused('not_found'))
    res.sendFile(
      file,
      { headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' } },
      (error) => {
        if (error && !res.headersSent) res.status(404).json(refused('not_found'))
      },
    )
  })

  router.use(multerErrors)
  router.use(brokerErrorHandler)
  return router
}

async function viewerOf(req: Request, deps: UploadsHttpDeps): Promise<Viewer | undefined> {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
  if (bearer !== undefined)
    return sameSecret(bearer, deps.opsToken) ? { operator: true } : undefined
  const { token, account } = req.headers
  if (typeof token !== 'string' || typeof account !== 'string') return undefined
  if (token.length > 256 || account.length > 256) return undefined
  const user = await deps.authenticate(token, account)
  return user ? { userId: user.userId } : undefined
}

// Too big, too many parts, a file under another name: the client sent what this call does not take.
const multerErrors: ErrorRequestHandler = (error, _req, _res, next) => {
  if (error instanceof multer.MulterError) {
    return next(new Refusal('invalid_input', error.code === 'LIMIT_FILE_SIZE' ? 413 : 200))
  }
  next(error)
}
