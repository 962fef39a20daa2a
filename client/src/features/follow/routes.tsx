import type { RouteObject } from 'react-router-dom'

/** Follow products (spec §2 Home: follow; Mine: followOrder). `?id=` opens one of each. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/home/follow',
    lazy: async () => ({ Component: (await import('./FollowScreen')).FollowScreen }),
  },
  {
    path: '/mine/followOrder',
    lazy: async () => ({ Component: (await import('./FollowOrderScreen')).FollowOrderScreen }),
  },
]
