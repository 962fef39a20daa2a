import type { RouteObject } from 'react-router-dom'

/** Dividends (issue 36): /mine/dividends, from Mine's side panel. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/dividends',
    lazy: async () => ({ Component: (await import('./DividendsScreen')).DividendsScreen }),
  },
]
