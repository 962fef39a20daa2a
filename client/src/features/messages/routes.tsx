import type { RouteObject } from 'react-router-dom'

/** The inbox screens (spec §2 Mine: /mine/message, /mine/messageInfo). */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/message',
    lazy: async () => ({ Component: (await import('./InboxScreen')).InboxScreen }),
  },
  {
    path: '/mine/messageInfo',
    lazy: async () => ({ Component: (await import('./MessageInfoScreen')).MessageInfoScreen }),
  },
]
