import { describe, expect, it } from 'vitest'
import { deviceState, keyBytes, subscribeDevice, type PushBrowser } from './push-device'

const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'

function browser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  let subscription: { endpoint: string } | null = null
  const asked: Array<{ applicationServerKey: Uint8Array }> = []
  const fake: PushBrowser = {
    registration: async () => ({
      pushManager: {
        getSubscription: async () =>
          subscription && {
            ...subscription,
            getKey: (name: 'p256dh' | 'auth') =>
              new Uint8Array(name === 'auth' ? [1, 2, 3] : [4, 5, 255]).buffer,
            unsubscribe: async () => ((subscription = null), true),
          },
        subscribe: async (options) => {
          asked.push(options)
          subscription = { endpoint: 'https://push.example/abc' }
          return {
            ...subscription,
            getKey: (name: 'p256dh' | 'auth') =>
              new Uint8Array(name === 'auth' ? [1, 2, 3] : [4, 5, 255]).buffer,
            unsubscribe: async () => true,
          }
        },
      },
    }),
    permission: () => permission,
    requestPermission: async () => answer,
  }
  return { fake, asked }
}

describe('this device’s push subscription', () => {
  it('turns the base64url VAPID key into the 65 bytes of a P-256 point', () => {
    const bytes = keyBytes(KEY)
    expect(bytes).toHaveLength(65)
    expect(bytes[0]).toBe(4)
  })

  it('subscribes once the user allows it, with the server’s key, and hands over its keys', async () => {
    const { fake, asked } = browser('default', 'granted')
    expect(await deviceState(fake)).toEqual({ state: 'unsubscribed' })
    expect(await subscribeDevice(fake, KEY)).toEqual({
      state: 'subscribed',
      subscription: { endpoint: 'https://push.example/abc', p256dh: 'BAX_', auth: 'AQID' },
    })
    expect(asked[0]?.applicationServerKey).toEqual(keyBytes(KEY))
  })

  it('says denied when the user or the browser refuses, unsupported without push', async () => {
    expect(await subscribeDevice(browser('default', 'denied').fake, KEY)).toEqual({
      state: 'denied',
    })
    expect(await deviceState(browser('denied').fake)).toEqual({ state: 'denied' })
    const none: PushBrowser = {
      registration: async () => undefined,
      permission: () => 'default',
      requestPermission: async () => 'default',
    }
    expect(await deviceState(none)).toEqual({ state: 'unsupported' })
    expect(await subscribeDevice(none, KEY)).toEqual({ state: 'unsupported' })
  })
})
