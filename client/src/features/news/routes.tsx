import type { RouteObject } from 'react-router-dom'

/** The news screens (spec §2 News: /news/index, /news/info). */
export const screenRoutes: RouteObject[] = [
  {
    path: '/news/index',
    lazy: async () => ({ Component: (await import('./NewsListScreen')).NewsListScreen }),
  },
  {
    path: '/news/info',
    lazy: async () => ({ Component: (await import('./NewsInfoScreen')).NewsInfoScreen }),
  },
]
