import { describe, expect, it } from 'vitest'
import { storeOfThisFile } from '../../../../tests/support/file-store'
import { loginLimiter } from './login-limiter'

const store = storeOfThisFile()
const waits: number[] = []
const sleep = async (ms: number) => void waits.push(ms)

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { key?: string; httpStatus?: number }) => ({ key: error.key, http: error.httpStatus }),
  )

describe('operator login limiter', () => {
  it('refuses an address after 5 failures at a login, not the login from elsewhere', async () => {
    let now = 1_000_000
    const limiter = loginLimiter(store.db, () => now, sleep)
    // A try left as it began is a failure.
    for (let i = 0; i < 5; i++) await limiter.begin('Admin', '10.0.0.1')
    // Per login and address, whatever the case.
    expect(await refusal(limiter.begin('admin', '10.0.0.1'))).toEqual({
      key: 'too_frequent',
      http: 429,
    })
    expect(await refusal(limiter.begin('admin', '10.0.0.2'))).toBeNull()
    expect(await refusal(limiter.begin('reviewer', '10.0.0.1'))).toBeNull()
    now += 15 * 60_000 + 1
    expect(await refusal(limiter.begin('admin', '10.0.0.1'))).toBeNull()
  })

  it('slows a login many addresses guess at; a success clears its address, a discard itself', async () => {
    const limiter = loginLimiter(store.db, () => 5_000_000, sleep)
    for (let i = 0; i < 10; i++) await limiter.begin('kato', `10.1.1.${i}`)
    waits.length = 0
    await (await limiter.begin('kato', '10.1.2.1')).discard()
    expect(waits).toEqual([250])
    // Nine failures left: below the slowdown.
    const right = await limiter.begin('kato', '10.1.1.0')
    await right.succeeded()
    waits.length = 0
    await (await limiter.begin('kato', '10.1.2.1')).discard()
    expect(waits).toEqual([])
  })

  it('refuses an address after 30 failures across logins', async () => {
    const limiter = loginLimiter(store.db, () => 9_000_000, sleep)
    for (let i = 0; i < 30; i++) await limiter.begin(`guess${i}`, '10.2.2.2')
    expect(await refusal(limiter.begin('admin', '10.2.2.2'))).toEqual({
      key: 'too_frequent',
      http: 429,
    })
    expect(await refusal(limiter.begin('admin', '10.2.2.3'))).toBeNull()
  })
})
