import { USER_NAMESPACE, type UserEvent } from '@kabu/shared/realtime'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { buy, startTradingApp, trader } from './trading.support'

/**
 * Connection state recovery keeps what `/user` sends for RECOVERY_WINDOW_MS, for sockets that come
 * back (API.md). An event to a user no socket of whom is on this gateway or within that window is
 * sent nowhere, so it is not kept either (tests/load/README.md, "Events kept for recovery"). A
 * socket that dropped still gets what it missed.
 */
let t: TestApp
beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())

/** The events the in-memory adapter holds for recovery (socket.io-adapter's SessionAwareAdapter). */
const kept = () =>
  (t.app.io.of(USER_NAMESPACE).adapter as unknown as { packets: unknown[] }).packets.length

describe('/user events kept for recovery', () => {
  it('keeps none for a user with no socket', async () => {
    const g = await trader(t, 'keptnone1')
    const before = kept()
    for (let i = 0; i < 3; i++) expect((await buy(t, g, {})).status).toBe(1)
    expect(kept()).toBe(before)
  })

  it('hands a dropped socket the order events it missed', async () => {
    const g = await trader(t, 'keptback1')
    const socket = connect(`${t.url}${USER_NAMESPACE}`, {
      transports: ['websocket'],
      auth: { token: g.token, account: g.account },
    })
    try {
      const seen: UserEvent[] = []
      socket.on('order:updated' as never, (event: UserEvent) => {
        seen.push(event)
      })
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      // Recovery resumes after the last event a socket received: it needs one first.
      const first = await buy(t, g, {})
      await expect.poll(() => seen.length).toBeGreaterThan(0)
      expect(first.status).toBe(1)
      const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()))
      // Drop the transport as a flaky mobile network would; the client reconnects on its own.
      socket.io.engine.close()
      await gone
      const placed = await buy(t, g, {})
      expect(placed.status).toBe(1)
      await back
      expect(socket.recovered).toBe(true)
      await expect
        .poll(() => seen.map((e) => (e as { id?: string }).id))
        .toContain((placed.data as { id: string }).id)
    } finally {
      socket.disconnect()
    }
  })
})
