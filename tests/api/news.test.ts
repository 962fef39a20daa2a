import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  NEWS_PAGE_SIZE,
  type NewsArticle,
  type NewsItem,
  type NewsPage,
} from '@kabu/shared/api/news'
import { createNewsFeed } from '../../gateway/src/news/feed'
import { startTestApp, type TestApp } from '../support/app'
import { brokerApi, brokerData } from '../support/broker'
import { ops, OPS_TOKEN } from './ops-client'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ env: { OPS_TOKEN, REVIEW_POLICY: 'manual' } })
})
afterAll(() => t.stop())

const list = (form: Record<string, string> = {}) => brokerData<NewsPage>(t.url, '/news/list', form)
const info = (id: string) => brokerData<NewsArticle>(t.url, '/news/info', { id })
// The market's own articles may arrive at any moment (a stock reaching its limit), so a check that
// a refused request wrote nothing counts one source at a time.
const newsRows = async (source: 'simulator' | 'operator' = 'operator') => {
  const row = await t.app.db
    .selectFrom('news')
    .where('source', '=', source)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const article = (n: number, category = 'notice') => ({
  category,
  title: { ja: `お知らせ ${n}`, zh: `公告 ${n}`, en: `Notice ${n}` },
  body: {
    ja: `メンテナンスのお知らせ ${n}。\n\n詳細は後日。`,
    zh: `维护公告 ${n}。\n\n详情另行通知。`,
    en: `Maintenance notice ${n}.\n\nDetails to follow.`,
  },
})

async function publish(body: unknown): Promise<NewsArticle> {
  const answer = await ops(t.url, 'POST', '/news', body)
  expect(answer, JSON.stringify(answer)).toMatchObject({ http: 200, status: 1 })
  return answer.data as NewsArticle
}

async function unpublish(id: string, token = OPS_TOKEN) {
  const res = await fetch(`${t.url}/api/ops/news/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  })
  return { http: res.status, ...((await res.json()) as { status?: number; msg?: string }) }
}

describe('articles generated from the market', () => {
  it('are there as soon as the gateway has started, simulated and in three languages', async () => {
    const page = await list()
    // At least one overview per market (Japan, US, China).
    expect(page.total).toBeGreaterThanOrEqual(3)
    const overviews = page.list.filter((item) => item.category === 'market')
    expect(overviews.length).toBeGreaterThanOrEqual(3)
    for (const item of page.list) {
      expect(item).toMatchObject({ source: 'simulator', simulated: true })
      for (const text of [item.title, item.summary]) {
        expect(text.ja && text.zh && text.en).toBeTruthy()
      }
    }
    const full = await info(overviews[0]?.id ?? '')
    expect(full.body.en).toContain('simulated market data')
    expect(full.body.ja).toContain('シミュレーション')
  })

  it('are told once: a second feed over the same store adds nothing', async () => {
    const before = await newsRows('simulator')
    const again = createNewsFeed({ db: t.app.db, clock: t.app.clock, market: t.app.market })
    await again.start()
    await again.stop()
    expect(await newsRows('simulator')).toBe(before)
  })
})

describe('/news/list', () => {
  it('pages newest first, with the total of the category', async () => {
    const published: NewsArticle[] = []
    for (let n = 1; n <= NEWS_PAGE_SIZE + 3; n++) published.push(await publish(article(n)))
    const first = await list({ category: 'notice' })
    const second = await list({ category: 'notice', page: '2' })
    expect(first.total).toBe(NEWS_PAGE_SIZE + 3)
    expect(second.total).toBe(NEWS_PAGE_SIZE + 3)
    expect(first.list).toHaveLength(NEWS_PAGE_SIZE)
    expect(second.list).toHaveLength(3)
    const ids = [...first.list, ...second.list].map((item) => item.id)
    expect(ids).toEqual(published.map((a) => a.id).reverse())
    const times = [...first.list, ...second.list].map((item) => item.created)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect((await list({ category: 'notice', page: '3' })).list).toEqual([])
  })

  it('filters by category; no category lists them all', async () => {
    const all = await list()
    const notices = await list({ category: 'notice' })
    const markets = await list({ category: 'market' })
    expect(markets.list.every((item: NewsItem) => item.category === 'market')).toBe(true)
    expect(all.total).toBeGreaterThanOrEqual(notices.total + markets.total)
    expect((await list({ category: '' })).total).toBe(all.total)
  })

  it.each([
    [{ page: '0' }],
    [{ page: 'two' }],
    [{ page: '-1' }],
    [{ page: '1.5' }],
    [{ page: '9999999' }],
    [{ category: 'gossip' }],
    [{ category: 'NOTICE' }],
  ])('refuses %j as invalid_input', async (form) => {
    const answer = await brokerApi(t.url, '/news/list', form)
    expect(answer).toMatchObject({ http: 200, status: 0, msg: 'invalid_input' })
  })
})

describe('/news/info', () => {
  it('gives the whole article, in three languages', async () => {
    const sent = await publish({ ...article(100, 'stock'), code: '7203' })
    const got = await info(sent.id)
    expect(got).toMatchObject({
      id: sent.id,
      category: 'stock',
      code: '7203',
      source: 'operator',
      simulated: false,
      title: { ja: 'お知らせ 100', zh: '公告 100', en: 'Notice 100' },
      // Without a summary, the list shows the body's first paragraph.
      summary: {
        ja: 'メンテナンスのお知らせ 100。',
        zh: '维护公告 100。',
        en: 'Maintenance notice 100.',
      },
    })
    expect(got.body.en).toBe('Maintenance notice 100.\n\nDetails to follow.')
  })

  it('answers not_found for an unknown id', async () => {
    const answer = await brokerApi(t.url, '/news/info', { id: '999999999' })
    expect(answer).toMatchObject({ status: 0, msg: 'not_found' })
  })

  it.each([[{}], [{ id: '' }], [{ id: 'abc' }], [{ id: '0' }], [{ id: '1'.repeat(20) }]])(
    'refuses %j as invalid_input',
    async (form) => {
      const answer = await brokerApi(t.url, '/news/info', form)
      expect(answer).toMatchObject({ http: 200, status: 0, msg: 'invalid_input' })
    },
  )
})

describe('the back office news desk', () => {
  it('publishes an article that readers see first, and audits it', async () => {
    const sent = await publish({
      ...article(200, 'market'),
      summary: { ja: '要約', zh: '摘要', en: 'Summary' },
    })
    const first = (await list({ category: 'market' })).list[0]
    expect(first).toMatchObject({ id: sent.id, source: 'operator', summary: { en: 'Summary' } })
    const audit = await ops(t.url, 'GET', `/audit?target=news:${sent.id}`)
    expect(audit.data).toMatchObject([
      { action: 'news.publish', operator: 'ops', after: { title: { en: 'Notice 200' } } },
    ])
    const desk = await ops(t.url, 'GET', '/news')
    expect((desk.data as Array<{ id: string }>)[0]).toMatchObject({ id: sent.id, published: true })
  })

  it('withdraws an article: gone from the list and from /news/info, audited once', async () => {
    const sent = await publish(article(300))
    expect(await unpublish(sent.id)).toMatchObject({ http: 200, status: 1 })
    expect(await unpublish(sent.id)).toMatchObject({ http: 200, status: 1 })
    expect((await list({ category: 'notice' })).list.map((i) => i.id)).not.toContain(sent.id)
    expect(await brokerApi(t.url, '/news/info', { id: sent.id })).toMatchObject({
      msg: 'not_found',
    })
    const audit = await ops(t.url, 'GET', `/audit?target=news:${sent.id}`)
    expect((audit.data as Array<{ action: string }>).map((a) => a.action)).toEqual([
      'news.unpublish',
      'news.publish',
    ])
    expect(await unpublish('999999999')).toMatchObject({ status: 0, msg: 'not_found' })
  })

  it.each([
    ['no category', { ...article(1), category: undefined }],
    ['an unknown category', article(1, 'rumour')],
    ['a missing language', { ...article(1), title: { ja: 'あ', en: 'a' } }],
    ['an empty title', { ...article(1), title: { ja: ' ', zh: '公告', en: 'x' } }],
    ['a NUL in the body', { ...article(1), body: { ja: 'a\u0000', zh: 'b', en: 'c' } }],
    ['a malformed code', { ...article(1), code: '72 03' }],
    ['a title too long', { ...article(1), title: { ja: 'あ', zh: '公', en: 'x'.repeat(201) } }],
  ])('refuses %s and writes nothing', async (_name, body) => {
    const before = await newsRows()
    const answer = await ops(t.url, 'POST', '/news', body)
    expect(answer).toMatchObject({ http: 400, status: 0, msg: 'invalid_input' })
    expect(await newsRows()).toBe(before)
  })

  it('refuses callers without the operator token', async () => {
    const before = await newsRows()
    for (const token of [null, 'wrong-token-0000000000']) {
      expect(await ops(t.url, 'POST', '/news', article(1), token)).toMatchObject({
        http: 401,
        msg: 'please_login_again',
      })
      expect(await ops(t.url, 'GET', '/news', undefined, token)).toMatchObject({ http: 401 })
    }
    expect(await unpublish('1', 'wrong-token-0000000000')).toMatchObject({ http: 401 })
    expect(await newsRows()).toBe(before)
  })
})
