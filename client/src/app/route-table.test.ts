import { SCREEN_PATHS } from '@kabu/shared/lines/index'
import { describe, expect, it } from 'vitest'
import { tabOfPath } from './bottom-tabs'
import {
  AUTH_ROUTES,
  PLAIN_TAB_ROUTES,
  routeLoaders,
  routePaths,
  SCREEN_ROUTES,
  TAB_ROUTES,
} from './route-table'

const ALL_ROUTES = [...AUTH_ROUTES, ...PLAIN_TAB_ROUTES, ...TAB_ROUTES, ...SCREEN_ROUTES]

/** The screens of no product line: login, home, search, the Mine tab, news and the market pages. */
const APP_ROUTES = [
  '/login/start',
  '/login/logon',
  '/login/register',
  '/login/login',
  '/login/loginAfter',
  '/home/home',
  '/home/index',
  '/quotes/search',
  '/mine/index',
  '/mine/protocol',
  '/mine/changeLang',
  '/news/index',
  '/news/info',
  '/markets/indicators',
  '/markets/sectors',
  '/markets/short-selling',
  '/markets/investors',
  '/markets/year-range',
  '/markets/companies',
]

describe('route table', () => {
  const paths = routePaths(ALL_ROUTES)

  it('registers every screen, those of the app and those the product lines declare, once', () => {
    expect([...paths].sort()).toEqual([...APP_ROUTES, ...SCREEN_PATHS].sort())
  })

  it('loads every screen lazily, as its own chunk', () => {
    for (const route of ALL_ROUTES) expect(route.lazy, route.path).toBeTypeOf('function')
  })

  it('gives every lazy screen a loader by its path, for a screen to prefetch the next', () => {
    const loaders = new Map(routeLoaders(ALL_ROUTES))
    expect([...loaders.keys()].sort()).toEqual([...paths].sort())
    // The login and register forms fetch each other's code while the user types.
    expect(loaders.get('/login/register')).toBe(
      AUTH_ROUTES.find((r) => r.path === '/login/register')?.lazy,
    )
  })

  it('keeps the login area, and only it, outside the themed screens (no MUI before login)', () => {
    expect(routePaths(AUTH_ROUTES).every((p) => p.startsWith('/login/'))).toBe(true)
    expect(paths.filter((p) => p.startsWith('/login/')).sort()).toEqual(
      routePaths(AUTH_ROUTES).sort(),
    )
  })

  it('keeps home, and only it, in the tab layout outside the theme (plain elements only)', () => {
    expect(routePaths(PLAIN_TAB_ROUTES)).toEqual(['/home/home'])
  })

  it('enables the Positions tab by registering its screen inside the tab layout', () => {
    expect(routePaths(TAB_ROUTES)).toContain('/position/index')
  })
})

describe('bottom tab of a path', () => {
  it('lights the tab a screen belongs to', () => {
    expect(tabOfPath('/home/home')).toBe('home')
    expect(tabOfPath('/home/index')).toBe('quotes')
    expect(tabOfPath('/mine/language')).toBe('mine')
    expect(tabOfPath('/position/index')).toBe('positions')
    expect(tabOfPath('/quotes/search')).toBeNull()
  })
})
