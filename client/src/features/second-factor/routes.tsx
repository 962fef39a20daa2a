import type { RouteObject } from 'react-router-dom'

/** Passkeys and the authenticator app, from the side panel's "Security" entry. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/security',
    lazy: async () => ({ Component: (await import('./SecondFactorScreen')).SecondFactorScreen }),
  },
]
