import type { RouteObject } from 'react-router-dom'

/** Bank cards and the fund password (spec §2 Mine). */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/bank',
    lazy: async () => ({ Component: (await import('./BankListScreen')).BankListScreen }),
  },
  {
    path: '/mine/bankAdd',
    lazy: async () => ({ Component: (await import('./BankAddScreen')).BankAddScreen }),
  },
  {
    path: '/mine/fundPassword',
    lazy: async () => ({ Component: (await import('./FundPasswordScreen')).FundPasswordScreen }),
  },
]
