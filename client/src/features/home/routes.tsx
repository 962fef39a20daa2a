import type { RouteObject } from 'react-router-dom'

/** Screens shown inside the tab layout (top search box, bottom menu). Each is its own chunk. */
export const tabRoutes: RouteObject[] = [
  {
    path: '/home/home',
    lazy: async () => ({ Component: (await import('./HomeScreen')).HomeScreen }),
  },
  {
    path: '/home/index',
    lazy: async () => ({ Component: (await import('./MarketQuotesScreen')).MarketQuotesScreen }),
  },
]
