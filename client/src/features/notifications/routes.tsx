import type { RouteObject } from 'react-router-dom'

/** The notifications inbox and its settings, under Mine (issue 37). */
export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/notifications',
    lazy: async () => ({
      Component: (await import('./NotificationsScreen')).NotificationsScreen,
    }),
  },
  {
    path: '/mine/notifySettings',
    lazy: async () => ({
      Component: (await import('./NotifySettingsScreen')).NotifySettingsScreen,
    }),
  },
]
