import type { RouteObject } from 'react-router-dom'
import { screenRoutes as alertScreens } from '../features/alerts/routes'
import { screenRoutes as accountsScreens } from '../features/accounts/routes'
import { screenRoutes as bankScreens } from '../features/banks/routes'
import { screenRoutes as blockScreens } from '../features/block/routes'
import { screenRoutes as daytradeScreens } from '../features/daytrade/routes'
import { screenRoutes as dividendScreens } from '../features/dividends/routes'
import { screenRoutes as exchangeScreens } from '../features/exchange/routes'
import { screenRoutes as followScreens } from '../features/follow/routes'
import { screenRoutes as fundsScreens } from '../features/funds/routes'
import { screenRoutes as ipoScreens } from '../features/ipo/routes'
import { plainTabRoutes as homePlainTabs, tabRoutes as homeTabs } from '../features/home/routes'
import { screenRoutes as kycScreens } from '../features/kyc/routes'
import { screenRoutes as loanScreens } from '../features/loans/routes'
import { screenRoutes as loginScreens } from '../features/login/routes'
import { screenRoutes as marketsScreens } from '../features/markets/routes'
import { screenRoutes as messagesScreens } from '../features/messages/routes'
import { screenRoutes as newsScreens } from '../features/news/routes'
import { screenRoutes as notificationScreens } from '../features/notifications/routes'
import { screenRoutes as mineScreens, tabRoutes as mineTabs } from '../features/mine/routes'
import {
  screenRoutes as positionScreens,
  tabRoutes as positionTabs,
} from '../features/position/routes'
import { screenRoutes as quotesScreens } from '../features/quotes/routes'
import { screenRoutes as stockScreens } from '../features/stock/routes'
import { screenRoutes as secondFactorScreens } from '../features/second-factor/routes'
import { screenRoutes as supportScreens } from '../features/support/routes'
import { screenRoutes as taxScreens } from '../features/tax/routes'
import { screenRoutes as trustScreens } from '../features/trust/routes'

/**
 * Every screen this build has. A later issue adds its feature's routes here; menus enable their
 * entries from this table, so nothing else changes.
 */
export const TAB_ROUTES: RouteObject[] = [...homeTabs, ...positionTabs, ...mineTabs]
/** Tab screens of plain elements only: outside MUI's theme (app/router, issue 15). */
export const PLAIN_TAB_ROUTES: RouteObject[] = homePlainTabs
/** The start, login and register screens: outside MUI's theme (app/router, issue 15). */
export const AUTH_ROUTES: RouteObject[] = loginScreens
export const SCREEN_ROUTES: RouteObject[] = [
  ...quotesScreens,
  ...marketsScreens,
  ...stockScreens,
  ...mineScreens,
  ...fundsScreens,
  ...exchangeScreens,
  ...kycScreens,
  ...bankScreens,
  ...messagesScreens,
  ...alertScreens,
  ...notificationScreens,
  ...newsScreens,
  ...loanScreens,
  ...positionScreens,
  ...blockScreens,
  ...daytradeScreens,
  ...ipoScreens,
  ...followScreens,
  ...supportScreens,
  ...trustScreens,
  ...dividendScreens,
  ...taxScreens,
  ...accountsScreens,
  ...secondFactorScreens,
]

export const routePaths = (routes: readonly RouteObject[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [r.path] : []), ...routePaths(r.children ?? [])])

/** The lazy screens' loaders by path (the router calls the same function when it navigates). */
export const routeLoaders = (
  routes: readonly RouteObject[],
): Array<[string, () => Promise<unknown>]> =>
  routes.flatMap((r) => [
    ...(r.path && typeof r.lazy === 'function'
      ? [[r.path, r.lazy] as [string, () => Promise<unknown>]]
      : []),
    ...routeLoaders(r.children ?? []),
  ])
