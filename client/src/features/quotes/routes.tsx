import type { RouteObject } from 'react-router-dom'

/** Full screens with their own header. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/quotes/search',
    lazy: async () => ({ Component: (await import('./SearchScreen')).SearchScreen }),
  },
  {
    path: '/quotes/self',
    lazy: async () => ({ Component: (await import('./WatchlistScreen')).WatchlistScreen }),
  },
]
