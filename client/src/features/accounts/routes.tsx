import type { RouteObject } from 'react-router-dom'

/** Accounts (issue 36): /mine/accounts, from Mine's side panel. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/accounts',
    lazy: async () => ({ Component: (await import('./AccountsScreen')).AccountsScreen }),
  },
]
