import { describe, expect, it } from 'vitest'
import { SessionCache, type CachedSession } from './session-cache'

const sessionOf = (userId: bigint): CachedSession => ({
  user: { userId, sessionId: userId * 10n, account: `user${userId}`, tradingBarred: false },
  createdAt: 0,
})

const followed = () => {
  const cache = new SessionCache()
  cache.following(true)
  return cache
}

describe('SessionCache', () => {
  it('keeps nothing while the store’s notices are not followed, and forgets all when they stop', () => {
    const cache = new SessionCache()
    cache.keep(cache.begin(), 'a', sessionOf(1n))
    expect(cache.get('a')).toBeUndefined()
    cache.following(true)
    cache.keep(cache.begin(), 'a', sessionOf(1n))
    expect(cache.get('a')).toEqual(sessionOf(1n))
    cache.following(false)
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgets every session of a user on a notice, and only theirs', () => {
    const cache = followed()
    cache.keep(cache.begin(), 'a', sessionOf(1n))
    cache.keep(cache.begin(), 'b', sessionOf(1n))
    cache.keep(cache.begin(), 'c', sessionOf(2n))
    cache.forgetUser(1n)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([
      undefined,
      undefined,
      sessionOf(2n),
    ])
  })

  it('does not keep a lookup that was under way when a notice came (it may predate the change)', () => {
    const cache = followed()
    const begun = cache.begin()
    cache.forgetUser(7n)
    cache.keep(begun, 'a', sessionOf(1n))
    expect(cache.get('a')).toBeUndefined()
    cache.keep(cache.begin(), 'a', sessionOf(1n))
    expect(cache.get('a')).toBeDefined()
  })

  it('drops every entry on a notice that is not a user id (someone else’s NOTIFY)', () => {
    const cache = followed()
    cache.keep(cache.begin(), 'a', sessionOf(1n))
    cache.keep(cache.begin(), 'b', sessionOf(2n))
    cache.notice('2')
    expect([cache.get('a'), cache.get('b')]).toEqual([sessionOf(1n), undefined])
    cache.notice('not a user')
    expect(cache.get('a')).toBeUndefined()
  })

  it('stays bounded, letting the oldest entries go', () => {
    const cache = followed()
    for (let i = 0; i < 20_001; i++) cache.keep(cache.begin(), `t${i}`, sessionOf(BigInt(i)))
    expect(cache.get('t0')).toBeUndefined()
    expect(cache.get('t1')).toBeDefined()
    expect(cache.get('t20000')).toBeDefined()
  })
})
