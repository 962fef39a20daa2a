import type { createHashRouter } from 'react-router-dom'

type AppRouter = Pick<ReturnType<typeof createHashRouter>, 'state' | 'subscribe'>

/**
 * Runs `work` once, when the router has the first screen's code: its first navigation has
 * settled (lazy route loaded, or failed into the error screen) on a screen, not on the bare `/`
 * that only redirects. Work started earlier, even "on idle", lands in the network waits between
 * the entry and the screen's chunks, and its downloads compete with them (issue 15: workbox-window
 * came before the login form on a busy machine).
 */
export function whenFirstScreenLoaded(router: AppRouter, work: () => void): void {
  const settled = ({ initialized, navigation, location }: AppRouter['state']) =>
    initialized && navigation.state === 'idle' && location.pathname !== '/'
  if (settled(router.state)) {
    work()
    return
  }
  const unsubscribe = router.subscribe((state) => {
    if (!settled(state)) return
    unsubscribe()
    work()
  })
}
