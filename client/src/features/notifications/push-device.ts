/**
 * This browser's side of Web Push (MARKET-RULES.md §12): the service worker's PushManager
 * subscribes with the server's VAPID key, and the keys it made go to the server. Each answer names
 * why a device cannot be subscribed, so the settings screen can say it.
 */
export type PushSupport = 'supported' | 'unsupported'
export type DeviceState = 'subscribed' | 'unsubscribed' | 'denied' | 'unsupported'

export interface DeviceSubscription {
  endpoint: string
  p256dh: string
  auth: string
}

/** What the browser offers: a fake in tests, the real globals in the app (push-device.live.ts). */
export interface PushBrowser {
  /** undefined: no service worker, no PushManager or no Notification API here. */
  registration(): Promise<PushRegistrationLike | undefined>
  permission(): NotificationPermission
  requestPermission(): Promise<NotificationPermission>
}

export interface PushRegistrationLike {
  pushManager: {
    getSubscription(): Promise<PushSubscriptionLike | null>
    subscribe(options: {
      userVisibleOnly: boolean
      applicationServerKey: Uint8Array<ArrayBuffer>
    }): Promise<PushSubscriptionLike>
  }
}

export interface PushSubscriptionLike {
  endpoint: string
  getKey(name: 'p256dh' | 'auth'): ArrayBuffer | null
  unsubscribe(): Promise<boolean>
}

const base64url = (buffer: ArrayBuffer | null): string => {
  if (!buffer) return ''
  let binary = ''
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The VAPID key as PushManager wants it (bytes), from the base64url of /common/config. */
export function keyBytes(base64urlKey: string): Uint8Array<ArrayBuffer> {
  const padded = base64urlKey.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export const wireOf = (s: PushSubscriptionLike): DeviceSubscription => ({
  endpoint: s.endpoint,
  p256dh: base64url(s.getKey('p256dh')),
  auth: base64url(s.getKey('auth')),
})

/** The device as it stands: subscribed (with its keys), not yet, refused, or unable to. */
export async function deviceState(
  browser: PushBrowser,
): Promise<{ state: DeviceState; subscription?: DeviceSubscription }> {
  const registration = await browser.registration()
  if (!registration) return { state: 'unsupported' }
  if (browser.permission() === 'denied') return { state: 'denied' }
  const existing = await registration.pushManager.getSubscription()
  return existing
    ? { state: 'subscribed', subscription: wireOf(existing) }
    : { state: 'unsubscribed' }
}

/**
 * Asks the user's permission (the browser's own prompt) and subscribes: the subscription to hand
 * the server, or why not.
 */
export async function subscribeDevice(
  browser: PushBrowser,
  vapidKey: string,
): Promise<{ state: DeviceState; subscription?: DeviceSubscription }> {
  const registration = await browser.registration()
  if (!registration || !vapidKey) return { state: 'unsupported' }
  const permission = await browser.requestPermission()
  if (permission !== 'granted') return { state: 'denied' }
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(vapidKey),
  })
  return { state: 'subscribed', subscription: wireOf(subscription) }
}

/** Takes this device off: the browser's subscription ended; its endpoint for the server. */
export async function unsubscribeDevice(browser: PushBrowser): Promise<string | undefined> {
  const registration = await browser.registration()
  const existing = await registration?.pushManager.getSubscription()
  if (!existing) return undefined
  await existing.unsubscribe()
  return existing.endpoint
}
