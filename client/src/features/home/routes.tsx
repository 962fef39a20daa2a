import type { RouteObject } from 'react-router-dom'

/**
 * Home, drawn in plain elements only (ui/plain/app.css): inside the tab layout but outside MUI's
 * theme, which then loads with the first screen that needs it (app/router).
 */
export const plainTabRoutes: RouteObject[] = [
  {
    path: '/home/home',
    lazy: async () => ({ Component: (await import('./HomeScreen')).HomeScreen }),
  },
]

/** Screens shown inside the tab layout (top search box, bottom menu). Each is its own chunk. */
export const tabRoutes: RouteObject[] = [
  {
    path: '/home/index',
    lazy: async () => ({ Component: (await import('./MarketQuotesScreen')).MarketQuotesScreen }),
  },
]
