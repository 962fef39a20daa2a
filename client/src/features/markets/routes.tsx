import type { RouteObject } from 'react-router-dom'

/** The market summary pages (`/markets/<page>`, linked from home and search), each its own chunk. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/markets/indicators',
    lazy: async () => ({ Component: (await import('./IndicatorsPage')).IndicatorsPage }),
  },
  {
    path: '/markets/sectors',
    lazy: async () => ({ Component: (await import('./SectorsPage')).SectorsPage }),
  },
  {
    path: '/markets/short-selling',
    lazy: async () => ({ Component: (await import('./ShortSellingPage')).ShortSellingPage }),
  },
  {
    path: '/markets/investors',
    lazy: async () => ({ Component: (await import('./InvestorsPage')).InvestorsPage }),
  },
  {
    path: '/markets/year-range',
    lazy: async () => ({ Component: (await import('./YearRangePage')).YearRangePage }),
  },
  {
    path: '/markets/companies',
    lazy: async () => ({ Component: (await import('./CompaniesPage')).CompaniesPage }),
  },
]
