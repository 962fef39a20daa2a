import type { RouteObject } from 'react-router-dom'

/**
 * Block trades (spec §2 Home: /home/large, /home/large2, /home/large3, /home/largeInfo): the open
 * offers, the user's requests pending review, the decided ones, and one offer's or request's detail.
 */
export const screenRoutes: RouteObject[] = [
  {
    path: '/home/large',
    lazy: async () => ({ Component: (await import('./BlockOffersScreen')).BlockOffersScreen }),
  },
  {
    path: '/home/large2',
    lazy: async () => ({ Component: (await import('./BlockOrdersScreen')).PendingBlocksScreen }),
  },
  {
    path: '/home/large3',
    lazy: async () => ({ Component: (await import('./BlockOrdersScreen')).DecidedBlocksScreen }),
  },
  {
    path: '/home/largeInfo',
    lazy: async () => ({ Component: (await import('./BlockInfoScreen')).BlockInfoScreen }),
  },
]
