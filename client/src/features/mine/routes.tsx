import type { RouteObject } from 'react-router-dom'

const language: RouteObject['lazy'] = async () => ({
  Component: (await import('./LanguageScreen')).LanguageScreen,
})
const documents = () => import('./DocumentScreen')

/**
 * Mine inside the tab layout. The language screen keeps the bottom menu (it is a setting of the
 * mine tab) but shows its own header instead of the search box.
 */
export const tabRoutes: RouteObject[] = [
  {
    path: '/mine/index',
    lazy: async () => ({ Component: (await import('./MineScreen')).MineScreen }),
  },
  { path: '/mine/language', lazy: language, handle: { searchBar: false } },
  { path: '/mine/changeLang', lazy: language, handle: { searchBar: false } },
]

export const screenRoutes: RouteObject[] = [
  {
    path: '/mine/loginPassword',
    lazy: async () => ({ Component: (await import('./LoginPasswordScreen')).LoginPasswordScreen }),
  },
  { path: '/mine/about', lazy: async () => ({ Component: (await documents()).AboutScreen }) },
  { path: '/mine/privacy', lazy: async () => ({ Component: (await documents()).PrivacyScreen }) },
  { path: '/mine/protocol', lazy: async () => ({ Component: (await documents()).ProtocolScreen }) },
]
