import type { Userinfo } from '@kabu/shared/api/user'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { BrokerRefusal } from '../api/refusal'
import { SESSION_EXPIRY_DELAY_MS, sessionMachine } from './session.machine'

const info = (account: string): Userinfo =>
  ({
    account,
    jpy: '1000000',
    jpyyjed: '0',
    credit_score: 100,
    verified: 0,
    fund_password_set: false,
    invite_code: 'ABC123',
  }) as Userinfo

/** Runs the machine with fake storage, navigation and calls; returns what it did to each. */
function run(
  stored: { token: string | null; account: string | null },
  loadUserinfo: (type: string) => Promise<Userinfo>,
) {
  const effects: string[] = []
  const logout = vi.fn(async (): Promise<unknown> => null)
  const actor = createActor(
    sessionMachine.provide({
      actions: {
        storeSession: (_, p) => effects.push(`store:${p.token}:${p.account}`),
        clearSession: () => effects.push('clear'),
        goToLogin: () => effects.push('login'),
      },
      actors: {
        loadUserinfo: fromPromise(({ input }) => loadUserinfo(input.marketType)),
        logout: fromPromise(logout),
      },
    }),
    { input: stored },
  )
  actor.start()
  return { actor, effects, logout }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('session machine', () => {
  it('starts logged out without a stored session', () => {
    const { actor } = run({ token: null, account: null }, async () => info('x'))
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true)
  })

  it('restores a stored session and loads the userinfo of the default market', async () => {
    const load = vi.fn(async () => info('taro'))
    const { actor } = run({ token: 't', account: 'taro' }, load)
    expect(actor.getSnapshot().matches({ loggedIn: 'loading' })).toBe(true)
    await flush()
    expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true)
    expect(actor.getSnapshot().context.userinfo?.account).toBe('taro')
    expect(load).toHaveBeenCalledWith('jpy')
  })

  it('stores the session on login and reloads for another market on REFRESH', async () => {
    const load = vi.fn(async () => info('hanako'))
    const { actor, effects } = run({ token: null, account: null }, load)
    actor.send({ type: 'LOGGED_IN', token: 'new', account: 'hanako' })
    expect(effects).toEqual(['store:new:hanako'])
    await flush()
    actor.send({ type: 'REFRESH', marketType: 'usd' })
    expect(actor.getSnapshot().matches({ loggedIn: 'loading' })).toBe(true)
    await flush()
    expect(load).toHaveBeenLastCalledWith('usd')
    expect(actor.getSnapshot().context.marketType).toBe('usd')
  })

  it('replaces the session when someone logs in while a session is stored', async () => {
    const load = vi.fn(async () => info('hanako'))
    const { actor, effects } = run({ token: 'old', account: 'taro' }, load)
    await flush()
    actor.send({ type: 'LOGGED_IN', token: 'new', account: 'hanako' })
    expect(effects).toEqual(['store:new:hanako'])
    expect(actor.getSnapshot().matches({ loggedIn: 'loading' })).toBe(true)
    await flush()
    expect(actor.getSnapshot().context).toMatchObject({ token: 'new', account: 'hanako' })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('expires on 401: after exactly 1.5 s clears the session and goes to login', async () => {
    const { actor, effects } = run({ token: 't', account: 'taro' }, async () => info('taro'))
    await flush()
    actor.send({ type: 'UNAUTHORIZED' })
    expect(actor.getSnapshot().value).toBe('expired')
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRY_DELAY_MS - 1)
    expect(effects).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(effects).toEqual(['clear', 'login'])
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(actor.getSnapshot().context.token).toBeNull()
  })

  it('expires when getUserinfo answers status ≠ 1', async () => {
    const { actor, effects } = run({ token: 't', account: 'taro' }, () =>
      Promise.reject(new BrokerRefusal('account_frozen', 200)),
    )
    await flush()
    expect(actor.getSnapshot().value).toBe('expired')
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRY_DELAY_MS)
    expect(effects).toEqual(['clear', 'login'])
  })

  it('keeps the session when getUserinfo fails on the network, and retries on REFRESH', async () => {
    let fail = true
    const { actor, effects } = run({ token: 't', account: 'taro' }, () =>
      fail ? Promise.reject(new BrokerRefusal('network_error', 0)) : Promise.resolve(info('taro')),
    )
    await flush()
    expect(actor.getSnapshot().hasTag('userinfoUnavailable')).toBe(true)
    await vi.advanceTimersByTimeAsync(5000)
    expect(effects).toEqual([])
    fail = false
    actor.send({ type: 'REFRESH' })
    await flush()
    expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true)
  })

  it('logs out through the server, and locally even when the server call fails', async () => {
    const ok = run({ token: 't', account: 'taro' }, async () => info('taro'))
    await flush()
    ok.actor.send({ type: 'LOGOUT' })
    await flush()
    expect(ok.logout).toHaveBeenCalledOnce()
    expect(ok.effects).toEqual(['clear', 'login'])
    expect(ok.actor.getSnapshot().value).toBe('loggedOut')

    const failing = createActor(
      sessionMachine.provide({
        actors: {
          loadUserinfo: fromPromise(async () => info('taro')),
          logout: fromPromise(() => Promise.reject(new BrokerRefusal('network_error', 0))),
        },
      }),
      { input: { token: 't', account: 'taro' } },
    ).start()
    failing.send({ type: 'LOGOUT' })
    await flush()
    expect(failing.getSnapshot().value).toBe('loggedOut')
  })

  it('ends the session without a logout call after a password change', async () => {
    const { actor, effects, logout } = run({ token: 't', account: 'taro' }, async () =>
      info('taro'),
    )
    await flush()
    actor.send({ type: 'SESSION_ENDED' })
    expect(effects).toEqual(['clear', 'login'])
    expect(logout).not.toHaveBeenCalled()
  })
})
