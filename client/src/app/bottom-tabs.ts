/** The bottom menu of spec §2 (one reading: home, quotes, positions, mine). */
export const BOTTOM_TABS = [
  { name: 'home', path: '/home/home', label: 'common.tab.home' },
  { name: 'quotes', path: '/home/index', label: 'common.tab.quotes' },
  { name: 'positions', path: '/position/index', label: 'common.tab.positions' },
  { name: 'mine', path: '/mine/index', label: 'common.tab.mine' },
] as const

export type BottomTabName = (typeof BOTTOM_TABS)[number]['name']

/** Which tab a path belongs to, so a sub-screen of mine still lights the mine tab. */
export function tabOfPath(pathname: string): BottomTabName | null {
  if (pathname === '/home/index') return 'quotes'
  if (pathname.startsWith('/home/')) return 'home'
  if (pathname.startsWith('/position/')) return 'positions'
  if (pathname.startsWith('/mine/')) return 'mine'
  return null
}
