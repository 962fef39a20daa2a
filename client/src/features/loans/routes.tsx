import type { RouteObject } from 'react-router-dom'

/** Credit loans (spec §2 Mine: Loan, and its records). */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/loan',
    lazy: async () => ({ Component: (await import('./LoanScreen')).LoanScreen }),
  },
  {
    path: '/mine/loanOrder',
    lazy: async () => ({ Component: (await import('./LoanOrderScreen')).LoanOrderScreen }),
  },
]
