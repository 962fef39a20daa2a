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

const ISSUE_2_ROUTES = [
  '/login/start',
  '/login/logon',
  '/login/register',
  '/login/login',
  '/login/loginAfter',
  '/home/home',
  '/home/index',
  '/quotes/search',
  '/quotes/info',
  '/mine/index',
  '/mine/protocol',
  '/mine/loginPassword',
  '/mine/about',
  '/mine/privacy',
  '/mine/language',
  '/mine/changeLang',
]

/** Issue 3 screens, each added by its feature. */
const ISSUE_3_ROUTES = [
  '/mine/message',
  '/mine/messageInfo',
  '/mine/verified',
  '/mine/bank',
  '/mine/bankAdd',
  '/mine/fundPassword',
  '/mine/deposit',
  '/mine/stored',
  '/mine/withdraw',
  '/mine/transactionRecords',
  '/mine/exchange',
]

/** Issue 4 credit-loan screens (features/loan). */
const ISSUE_4_LOAN_ROUTES = ['/mine/loan', '/mine/loanOrder']

/** Issue 4 trading screens (features/position, the watchlist in features/quotes). */
const ISSUE_4_TRADING_ROUTES = ['/position/index', '/position/info', '/quotes/self']

/** Issue 5 news screens (features/news). */
const ISSUE_5_NEWS_ROUTES = ['/news/index', '/news/info']

/** Issue 5 market summary pages (features/markets). */
const ISSUE_5_MARKETS_ROUTES = [
  '/markets/indicators',
  '/markets/sectors',
  '/markets/short-selling',
  '/markets/investors',
  '/markets/year-range',
  '/markets/companies',
]

/** Issue 13 block-trade screens (features/block). */
const ISSUE_13_BLOCK_ROUTES = ['/home/large', '/home/large2', '/home/large3', '/home/largeInfo']

/** Issue 14 day-trading screen (features/daytrade). */
const ISSUE_14_DAYTRADE_ROUTES = ['/home/withinDays']

/** Issue 14 follow-product screens (features/follow). */
const ISSUE_14_FOLLOW_ROUTES = ['/home/follow', '/mine/followOrder']

/** Issue 13 new-share screens (features/ipo). */
const ISSUE_13_IPO_ROUTES = ['/home/newShare', '/home/newShareInfo', '/mine/newShareOrder']

/** Issue 15 customer-service screens (features/support). */
const ISSUE_15_SUPPORT_ROUTES = ['/mine/support', '/mine/supportInfo']

/** Issue 17 trust panel (features/trust). */
const ISSUE_17_TRUST_ROUTES = ['/mine/trust']
/** Issue 17 passkeys and the authenticator app (features/security). */
const ISSUE_17_SECURITY_ROUTES = ['/mine/security']

describe('route table', () => {
  const paths = routePaths(ALL_ROUTES)

  it('registers every screen of this issue exactly once', () => {
    expect([...paths].sort()).toEqual(
      [
        ...ISSUE_2_ROUTES,
        ...ISSUE_3_ROUTES,
        ...ISSUE_4_LOAN_ROUTES,
        ...ISSUE_4_TRADING_ROUTES,
        ...ISSUE_5_NEWS_ROUTES,
        ...ISSUE_5_MARKETS_ROUTES,
        ...ISSUE_13_BLOCK_ROUTES,
        ...ISSUE_13_IPO_ROUTES,
        ...ISSUE_14_FOLLOW_ROUTES,
        ...ISSUE_14_DAYTRADE_ROUTES,
        ...ISSUE_15_SUPPORT_ROUTES,
        ...ISSUE_17_TRUST_ROUTES,
        ...ISSUE_17_SECURITY_ROUTES,
      ].sort(),
    )
  })

  it('registers every screen a product line declares (its entries open them)', () => {
    const unregistered = SCREEN_PATHS.filter((p) => !paths.includes(p))
    expect(unregistered).toEqual([])
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
