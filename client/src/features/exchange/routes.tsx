import type { RouteObject } from 'react-router-dom'

/** Currency exchange between the user's wallets (spec §2 "Other"), reached from Mine. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/exchange',
    lazy: async () => ({ Component: (await import('./ExchangeScreen')).ExchangeScreen }),
  },
]
