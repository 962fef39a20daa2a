import type { RouteObject } from 'react-router-dom'

/** Identity verification (spec §2 Mine). */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/verified',
    lazy: async () => ({ Component: (await import('./VerifiedScreen')).VerifiedScreen }),
  },
]
