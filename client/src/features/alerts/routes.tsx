import type { RouteObject } from 'react-router-dom'

/** The price alerts (issue 37): the list under Mine, which also opens a stock's add sheet. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/alerts',
    lazy: async () => ({ Component: (await import('./AlertsScreen')).AlertsScreen }),
  },
]
