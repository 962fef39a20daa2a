import type { RouteObject } from 'react-router-dom'

/** New shares (spec §2 Home: newShare, newShareInfo; Mine: newShareOrder). */
export const screenRoutes: RouteObject[] = [
  {
    path: '/home/newShare',
    lazy: async () => ({ Component: (await import('./NewShareScreen')).NewShareScreen }),
  },
  {
    path: '/home/newShareInfo',
    lazy: async () => ({ Component: (await import('./NewShareInfoScreen')).NewShareInfoScreen }),
  },
  {
    path: '/mine/newShareOrder',
    lazy: async () => ({ Component: (await import('./NewShareOrderScreen')).NewShareOrderScreen }),
  },
]
