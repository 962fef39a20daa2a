import type { RouteObject } from 'react-router-dom'

/** Full screens with their own header. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/quotes/search',
    lazy: async () => ({ Component: (await import('./SearchScreen')).SearchScreen }),
  },
]
