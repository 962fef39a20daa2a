import { fromPromise } from 'xstate'
import { fetchNewsPage } from '../../api/news'
import { newsListMachine } from './news-list.machine'

/** The news list with the app's page fetch (/api/vue). */
export const liveNewsListMachine = newsListMachine.provide({
  actors: {
    fetchPage: fromPromise(({ input }) => fetchNewsPage(input.page, input.category ?? undefined)),
  },
})
