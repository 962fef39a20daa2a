import type { RouteObject } from 'react-router-dom'

/** The trust panel (issue 17): /mine/trust, from Mine's side panel. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/trust',
    lazy: async () => ({ Component: (await import('./TrustScreen')).TrustScreen }),
  },
]
