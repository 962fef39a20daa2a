import type { RouteObject } from 'react-router-dom'

/** Positions inside the tab layout: registering it enables the bottom menu's Positions tab. */
export const tabRoutes: RouteObject[] = [
  {
    path: '/position/index',
    lazy: async () => ({ Component: (await import('./PositionScreen')).PositionScreen }),
  },
]

/** Full screens with their own header. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/position/info',
    lazy: async () => ({ Component: (await import('./PositionInfoScreen')).PositionInfoScreen }),
  },
  {
    path: '/position/order',
    lazy: async () => ({ Component: (await import('./OrderInfoScreen')).OrderInfoScreen }),
  },
]
