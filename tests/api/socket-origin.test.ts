import { QUOTES_NAMESPACE, USER_NAMESPACE } from '@kabu/shared/realtime'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

/**
 * Sockets check the page's Origin (issue 17's audit: `/quotes` and `/user` accepted any): the
 * app's own origin and ALLOWED_ORIGINS get in, another site's page does not.
 */
let t: TestApp
const PARTNER = 'https://partner.example'

beforeAll(async () => {
  t = await startTestApp({ env: { ALLOWED_ORIGINS: `${PARTNER}, https://other.example` } })
})
afterAll(() => t.stop())

/** 'connected' or the connect error's message, for a socket opened as a page of `origin`. */
const openAs = (namespace: string, origin: string | undefined) =>
  new Promise<string>((resolve) => {
    const socket = connect(`${t.url}${namespace}`, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: origin === undefined ? {} : { origin },
    })
    socket.once('connect', () => {
      socket.disconnect()
      resolve('connected')
    })
    socket.once('connect_error', (error) => {
      socket.disconnect()
      resolve(error.message)
    })
  })

describe('socket Origin check', () => {
  it('lets the app’s own origin, a listed origin and a client without Origin open /quotes', async () => {
    const own = new URL(t.url).origin
    expect(await openAs(QUOTES_NAMESPACE, own)).toBe('connected')
    expect(await openAs(QUOTES_NAMESPACE, PARTNER)).toBe('connected')
    expect(await openAs(QUOTES_NAMESPACE, undefined)).toBe('connected')
  })

  it('refuses another site’s page on /quotes and /user before any handshake', async () => {
    for (const namespace of [QUOTES_NAMESPACE, USER_NAMESPACE]) {
      expect(await openAs(namespace, 'https://evil.example')).not.toBe('connected')
      expect(await openAs(namespace, 'null')).not.toBe('connected')
    }
  })
})
