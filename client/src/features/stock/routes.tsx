import type { RouteObject } from 'react-router-dom'

/** Full screens with their own header. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/quotes/info',
    lazy: async () => ({ Component: (await import('./StockScreen')).StockScreen }),
  },
]
