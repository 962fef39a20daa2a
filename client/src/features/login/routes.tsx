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
    lazy: async () => {
      // The demo offer's /common/config is asked for as the screen's code arrives, so its round
      // trip runs beside the first render instead of after it (the offer's effect finds it sent).
      const [{ LoginScreen }, { ensureAppConfig }] = await Promise.all([
        import('./LoginScreen'),
        import('./demo-login'),
      ])
      ensureAppConfig()
      return { Component: LoginScreen }
    },
  },
  { path: '/login/register', lazy: register },
  { path: '/login/logon', lazy: register },
  {
    path: '/login/loginAfter',
    lazy: async () => ({ Component: (await import('./LoginAfterScreen')).LoginAfterScreen }),
  },
]
