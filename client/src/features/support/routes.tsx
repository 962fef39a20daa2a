import type { RouteObject } from 'react-router-dom'

/**
 * Customer service (spec §2 lists it in the side panel without a route of its own): the user's
 * conversations at /mine/support, one conversation at /mine/supportInfo (`?id=`; none: a new one).
 */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/support',
    lazy: async () => ({ Component: (await import('./SupportScreen')).SupportScreen }),
  },
  {
    path: '/mine/supportInfo',
    lazy: async () => ({ Component: (await import('./ConversationScreen')).ConversationScreen }),
  },
]
