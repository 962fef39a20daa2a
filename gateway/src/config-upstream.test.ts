import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

/** Upstream broker mode's settings, read as loadConfig reads them (the mode itself: tests/api/upstream*.test.ts). */
describe('BROKER_UPSTREAM', () => {
  it('takes an http(s) URL without credentials, with a 10 s timeout unless told', () => {
    const url = 'https://broker.example/api/vue'
    const events = { origin: 'https://broker.example', path: '/socket.io' }
    expect(loadConfig({ BROKER_UPSTREAM: url }).brokerUpstream).toEqual({
      url,
      timeoutMs: 10_000,
      events,
    })
    expect(
      loadConfig({ BROKER_UPSTREAM: url, BROKER_UPSTREAM_TIMEOUT_MS: '2500' }).brokerUpstream,
    ).toEqual({ url, timeoutMs: 2_500, events })
    expect(loadConfig({}).brokerUpstream).toBeUndefined()
    // BROKER_UPSTREAM_EVENTS: where the broker's socket.io lives, or `off` (no relay).
    const at = (events: string) =>
      loadConfig({ BROKER_UPSTREAM: url, BROKER_UPSTREAM_EVENTS: events }).brokerUpstream?.events
    expect(at('https://events.example/broker/socket.io/')).toEqual({
      origin: 'https://events.example',
      path: '/broker/socket.io',
    })
    expect(at('https://events.example')).toEqual({
      origin: 'https://events.example',
      path: '/socket.io',
    })
    expect(at('off')).toBeUndefined()
    for (const bad of ['on', 'https://user:pw@events.example/socket.io', 'ws://events.example'])
      expect(() => at(bad), bad).toThrow(/BROKER_UPSTREAM_EVENTS/)
    for (const bad of ['https://user:pw@broker.example/api/vue', 'ftp://broker.example/api/vue']) {
      expect(() => loadConfig({ BROKER_UPSTREAM: bad })).toThrow(/BROKER_UPSTREAM/)
    }
  })
})
