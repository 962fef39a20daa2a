/**
 * Navigation for code outside React (the session's redirect to login). The app binds the router's
 * navigate at boot; before that, or in a bare page, the hash is set directly, which the hash router
 * also follows.
 */
type Navigate = (path: string) => void

let navigateImpl: Navigate = (path) => {
  globalThis.location.hash = `#${path}`
}

export function bindNavigator(navigate: Navigate): void {
  navigateImpl = navigate
}

export function navigateTo(path: string): void {
  navigateImpl(path)
}
