/**
 * The paths the router registered. Menus show an entry enabled only when its screen exists, so a
 * later issue enables it by registering the route, not by editing the menu.
 */
const registered = new Set<string>()

export function registerRoutePaths(paths: Iterable<string>): void {
  for (const path of paths) registered.add(path)
}

export function isRouteRegistered(path: string): boolean {
  return registered.has(path.split('?')[0] ?? path)
}

/**
 * How to load each lazy screen's code, by path. A screen fetches the next one's by its path: two
 * screens that import each other's modules (login ⇄ register) would be an import cycle.
 */
const loaders = new Map<string, () => Promise<unknown>>()

export function registerRouteLoaders(entries: Iterable<[string, () => Promise<unknown>]>): void {
  for (const [path, load] of entries) loaders.set(path, load)
}

/** Starts loading the screen at `path` ahead of the tap; a path without lazy code loads nothing. */
export function prefetchRoute(path: string): Promise<unknown> {
  return loaders.get(path.split('?')[0] ?? path)?.() ?? Promise.resolve()
}
