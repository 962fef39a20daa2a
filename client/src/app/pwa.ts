import { proxy } from 'valtio'

/** What the app shell shows about its service worker: a new build waiting to take over. */
export const pwaState = proxy<{ updateReady: boolean }>({ updateReady: false })

let applyUpdate: ((reload?: boolean) => Promise<void>) | undefined

/**
 * Registers the service worker (vite-plugin-pwa's generated Workbox worker, `pwa.config.ts`).
 * Called once the first screen is idle: the worker then precaches the shell without competing
 * with the first screen's own downloads. workbox-window is loaded here, not in the entry chunk.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const { registerSW } = await import('virtual:pwa-register')
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => {
      pwaState.updateReady = true
    },
    onRegisterError: (error: unknown) => console.warn('service worker not registered', error),
  })
}

/** The user accepted the update: the waiting worker takes over and the page reloads. */
export function updateNow(): void {
  pwaState.updateReady = false
  void applyUpdate?.(true)
}

/** The user declined: the new build takes over on the next start instead. */
export function updateLater(): void {
  pwaState.updateReady = false
}
