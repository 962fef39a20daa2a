import type { RouteObject } from 'react-router-dom'

/** Day trading (spec §2 Home: /home/withinDays): participation, orders, transaction details. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/home/withinDays',
    lazy: async () => ({ Component: (await import('./DaytradeScreen')).DaytradeScreen }),
  },
]
