import { Router, type Response } from 'express'
import { ok } from '@kabu/shared/api/envelope'
import { opsSupportQuery, opsSupportReplyBody, opsSupportTarget } from '@kabu/shared/api/support'
import type { SupportService } from './service'

const operatorOf = (res: Response) => res.locals.operator as string

/**
 * The back office's side of customer service, mounted on /api/ops behind its guard:
 * `GET /support?status=open&page=` (the queue), `GET /support/:thread` (one conversation),
 * `POST /support/:thread/reply` (`{text}`) and `POST /support/:thread/close`, both audited.
 */
export function supportOpsRouter(support: SupportService): Router {
  const router = Router()

  router.get('/support', async (req, res) => {
    const { status, page } = opsSupportQuery.parse(req.query)
    res.json(ok(await support.queue(status, page)))
  })

  router.get('/support/:thread', async (req, res) => {
    const { thread } = opsSupportTarget.parse(req.params)
    res.json(ok(await support.opsThread(BigInt(thread))))
  })

  router.post('/support/:thread/reply', async (req, res) => {
    const { thread } = opsSupportTarget.parse(req.params)
    const { text } = opsSupportReplyBody.parse(req.body ?? {})
    res.json(ok(await support.reply(BigInt(thread), operatorOf(res), text)))
  })

  router.post('/support/:thread/close', async (req, res) => {
    const { thread } = opsSupportTarget.parse(req.params)
    res.json(ok(await support.close(BigInt(thread), operatorOf(res))))
  })

  return router
}
