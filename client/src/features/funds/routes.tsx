import type { RouteObject } from 'react-router-dom'

/** Money in and out, and the fund records (spec §2 Mine). */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/deposit',
    lazy: async () => ({ Component: (await import('./DepositScreen')).DepositScreen }),
  },
  {
    path: '/mine/stored',
    lazy: async () => ({ Component: (await import('./StoredScreen')).StoredScreen }),
  },
  {
    path: '/mine/withdraw',
    lazy: async () => ({ Component: (await import('./WithdrawScreen')).WithdrawScreen }),
  },
  {
    path: '/mine/transactionRecords',
    lazy: async () => ({
      Component: (await import('./TransactionRecordsScreen')).TransactionRecordsScreen,
    }),
  },
]
