import type { RouteObject } from 'react-router-dom'

/** Tax (issue 36): /mine/tax from Mine's side panel, and the annual report it opens. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/tax',
    lazy: async () => ({ Component: (await import('./TaxScreen')).TaxScreen }),
  },
  {
    path: '/mine/taxReport',
    lazy: async () => ({ Component: (await import('./TaxReportScreen')).TaxReportScreen }),
  },
]
