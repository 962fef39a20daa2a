import { Router, type Response } from 'express'
import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import { opsNewsBody, opsNewsQuery, opsNewsTarget, NEWS_PAGE_SIZE } from '@kabu/shared/api/news'
import { Refusal, audit } from '../broker/index'
import type { Clock } from '../clock'
import type { Database } from '../store/index'
import * as q from './news.sql'
import { articleOf } from './service'

const operatorOf = (res: Response) => res.locals.operator as string

/**
 * The back office's news desk (`/api/ops/news`): publish an article in three languages, list every
 * article, withdraw one. Each change is written with its audit row in one transaction.
 */
export function opsNewsRoutes({ db, clock }: { db: Kysely<Database>; clock: Clock }): Router {
  const router = Router()

  router.post('/news', async (req, res) => {
    const news = opsNewsBody.parse(req.body ?? {})
    const operator = operatorOf(res)
    const article = await db.transaction().execute(async (trx) => {
      const id = await q.insertArticle(trx, {
        category: news.category,
        code: news.code ?? null,
        source: 'operator',
        simulated: false,
        dedupeKey: null,
        createdBy: operator,
        title: news.title,
        // The list shows a summary; an operator who gives none gets the body's first paragraph.
        summary: news.summary ?? {
          ja: firstParagraph(news.body.ja),
          zh: firstParagraph(news.body.zh),
          en: firstParagraph(news.body.en),
        },
        body: news.body,
        created: clock.now(),
      })
      const row = await q.findAny(trx, id)
      if (!row) throw new Error(`news ${id} vanished inside its own transaction`)
      const after = articleOf(row)
      await audit(
        trx,
        { operator, action: 'news.publish', target: `news:${id}`, before: null, after },
        clock.now(),
      )
      return after
    })
    res.json(ok(article))
  })

  router.get('/news', async (req, res) => {
    const { page } = opsNewsQuery.parse(req.query)
    const rows = await q.pageOfAll(db, (page - 1) * NEWS_PAGE_SIZE, NEWS_PAGE_SIZE)
    res.json(ok(rows.map((row) => ({ ...articleOf(row), published: row.published === 1n }))))
  })

  router.delete('/news/:id', async (req, res) => {
    const { id } = opsNewsTarget.parse(req.params)
    const operator = operatorOf(res)
    await db.transaction().execute(async (trx) => {
      const row = await q.findAny(trx, BigInt(id))
      if (!row) throw new Refusal('not_found')
      const before = { ...articleOf(row), published: row.published === 1n }
      // Withdrawing twice changes nothing and is not audited twice.
      if (!(await q.unpublish(trx, BigInt(id)))) return
      await audit(
        trx,
        {
          operator,
          action: 'news.unpublish',
          target: `news:${id}`,
          before,
          after: { published: false },
        },
        clock.now(),
      )
    })
    res.json(ok({ id, published: false }))
  })

  return router
}

const firstParagraph = (text: string) => (text.split(/\n\s*\n/)[0] ?? text).trim().slice(0, 500)
