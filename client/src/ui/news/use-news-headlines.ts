import type { NewsItem } from '@kabu/shared/api/news'
import { useEffect, useState } from 'react'
import { fetchNewsPage } from '../../api/news'

export type Headlines =
  { state: 'loading' } | { state: 'failed' } | { state: 'shown'; items: NewsItem[] }

/** The newest `count` articles of every category, loaded once per mount. */
export function useNewsHeadlines(count: number): Headlines {
  const [headlines, setHeadlines] = useState<Headlines>({ state: 'loading' })
  useEffect(() => {
    let live = true
    fetchNewsPage(1).then(
      (page) => live && setHeadlines({ state: 'shown', items: page.list.slice(0, count) }),
      () => live && setHeadlines({ state: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [count])
  return headlines
}
