import type { PushBrowser, PushRegistrationLike } from './push-device'

/**
 * This browser's PushManager, Notification permission and service worker, or none: a browser
 * without them (an iPhone's Safari outside a home-screen app, a private window) is `unsupported`.
 */
export const pushBrowser: PushBrowser = {
  async registration() {
    if (
      typeof navigator === 'undefined' ||
      !('serviceWorker' in navigator) ||
      typeof PushManager === 'undefined' ||
      typeof Notification === 'undefined'
    )
      return undefined
    const registration = await navigator.serviceWorker.getRegistration()
    return (registration as PushRegistrationLike | undefined) ?? undefined
  },
  permission: () => (typeof Notification === 'undefined' ? 'denied' : Notification.permission),
  requestPermission: () => Notification.requestPermission(),
}
