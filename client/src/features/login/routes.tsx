import type { RouteObject } from 'react-router-dom'

const register: RouteObject['lazy'] = async () => ({
  Component: (await import('./RegisterScreen')).RegisterScreen,
})

/** Full screens of the login area (spec §2). /login/logon is the register form under its other name. */
export const screenRoutes: RouteObject[] = [
  {
    path: '/login/start',
    lazy: async () => ({ Component: (await import('./StartScreen')).StartScreen }),
  },
  {
    path: '/login/login',
    lazy: async () => ({ Component: (await import('./LoginScreen')).LoginScreen }),
  },
  { path: '/login/register', lazy: register },
  { path: '/login/logon', lazy: register },
  {
    path: '/login/loginAfter',
    lazy: async () => ({ Component: (await import('./LoginAfterScreen')).LoginAfterScreen }),
  },
]
