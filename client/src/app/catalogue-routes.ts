import type { RouteObject } from 'react-router-dom'
import { completeCatalogue } from '../i18n/catalog'

// The login area shows only the catalogue's first part (common, login, server texts).
const firstPartSuffices = (path: string | undefined) => path?.startsWith('/login/') ?? false

/**
 * The same routes, where every lazy screen past login also waits for the rest of the catalogue
 * (fetched in parallel with the screen's code), so no screen renders before its texts arrive.
 */
export function awaitingCatalogue(routes: readonly RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route
    const wrapped =
      typeof lazy === 'function' && !firstPartSuffices(route.path)
        ? { ...route, lazy: async () => (await Promise.all([lazy(), completeCatalogue()]))[0] }
        : route
    return (
      children ? { ...wrapped, children: awaitingCatalogue(children) } : wrapped
    ) as RouteObject
  })
}
