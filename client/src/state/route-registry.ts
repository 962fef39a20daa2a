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
