import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom'
import { awaitingCatalogue } from './catalogue-routes'
import { bindNavigator } from '../state/navigation'
import { registerRouteLoaders, registerRoutePaths } from '../state/route-registry'
import { Loading } from '../ui/Loading'
import { RouteError } from './RouteError'
import {
  AUTH_ROUTES,
  PLAIN_TAB_ROUTES,
  routeLoaders,
  routePaths,
  SCREEN_ROUTES,
  TAB_ROUTES,
} from './route-table'
import { ScreenLayout } from './ScreenLayout'

const themedLayout = async () => ({ Component: (await import('./ThemedLayout')).ThemedLayout })

/** Spec §2: hash routing, `/` → /login/start, anything unknown → /home/home. */
export const appRoutes: RouteObject[] = awaitingCatalogue([
  {
    HydrateFallback: Loading,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', element: <Navigate to="/login/start" replace /> },
      // Plain elements only: the login form downloads no MUI and no emotion (issue 15).
      { Component: ScreenLayout, children: AUTH_ROUTES },
      // Lazy: the tab frame (plain) comes with the first tab screen, MUI's theme with the first
      // screen that draws with MUI. Home is plain elements only, so a phone opening home loads,
      // creates and provides no theme (issue 15); the tab frame loads it at the first tap.
      {
        lazy: async () => ({ Component: (await import('./TabLayout')).TabLayout }),
        children: [...PLAIN_TAB_ROUTES, { lazy: themedLayout, children: TAB_ROUTES }],
      },
      { lazy: themedLayout, children: [{ Component: ScreenLayout, children: SCREEN_ROUTES }] },
      { path: '*', element: <Navigate to="/home/home" replace /> },
    ],
  },
])

/** Builds the router, and lets menus and code outside React know what it can reach. */
export function createAppRouter() {
  registerRoutePaths(
    routePaths([...AUTH_ROUTES, ...PLAIN_TAB_ROUTES, ...TAB_ROUTES, ...SCREEN_ROUTES]),
  )
  // The loaders the router itself calls, so a prefetch also fetches the rest of the catalogue.
  registerRouteLoaders(routeLoaders(appRoutes))
  const router = createHashRouter(appRoutes)
  bindNavigator((path) => void router.navigate(path))
  return router
}
