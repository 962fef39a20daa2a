import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { NewsItem, NewsPage } from '@kabu/shared/api/news'
import { newsListMachine, type PageRequest } from './news-list.machine'

const item = (id: number, category: NewsItem['category'] = 'stock'): NewsItem => ({
  id: String(id),
  category,
  code: null,
  source: 'simulator',
  simulated: true,
  title: { ja: `t${id}`, zh: `t${id}`, en: `t${id}` },
  summary: { ja: 's', zh: 's', en: 's' },
  created: id,
})

/** A fake server: `pages` answers in order; an Error entry is a failed call. */
function run(pages: Array<NewsPage | Error>) {
  const asked: PageRequest[] = []
  const actor = createActor(
    newsListMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }: { input: PageRequest }) => {
          asked.push(input)
          const next = pages.shift()
          if (!next) throw new Error('no more answers')
          if (next instanceof Error) throw Object.assign(next, { msg: next.message })
          return next
        }),
      },
    }),
    { input: { category: null } },
  ).start()
  return { actor, asked }
}

describe('newsListMachine', () => {
  it('pages on while the server has more, then stops asking', async () => {
    const { actor, asked } = run([
      { list: [item(5), item(4)], total: 3 },
      { list: [item(4), item(3)], total: 3 },
    ])
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }) && s.context.page === 2)
    // An article shifted the pages: the repeat is shown once.
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['5', '4', '3'])
    actor.send({ type: 'LOAD_MORE' })
    expect(actor.getSnapshot().matches({ shown: 'list' })).toBe(true)
    expect(asked).toEqual([
      { page: 1, category: null },
      { page: 2, category: null },
    ])
  })

  it('loads a tab’s own first page, and shows its empty state', async () => {
    const { actor, asked } = run([
      { list: [item(2)], total: 1 },
      { list: [], total: 0 },
    ])
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    actor.send({ type: 'CATEGORY', category: 'corporate' })
    await waitFor(actor, (s) => s.hasTag('empty'))
    expect(actor.getSnapshot().context).toMatchObject({ category: 'corporate', items: [] })
    // The tab already shown does not load again.
    actor.send({ type: 'CATEGORY', category: 'corporate' })
    expect(asked).toEqual([
      { page: 1, category: null },
      { page: 1, category: 'corporate' },
    ])
  })

  it('fails with the server’s key, retries, and keeps the list when a refresh fails', async () => {
    const { actor } = run([
      new Error('network_error'),
      { list: [item(1)], total: 1 },
      new Error('too_frequent'),
    ])
    await waitFor(actor, (s) => s.hasTag('failed'))
    expect(actor.getSnapshot().context.failure).toBe('network_error')
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }))
    actor.send({ type: 'REFRESH' })
    await waitFor(actor, (s) => s.matches({ shown: 'list' }) && s.context.failure !== null)
    expect(actor.getSnapshot().context).toMatchObject({ failure: 'too_frequent', items: [item(1)] })
  })
})
