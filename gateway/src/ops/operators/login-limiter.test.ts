import { describe, expect, it } from 'vitest'
import { loginLimiter } from './login-limiter'

describe('operator login limiter', () => {
  it('refuses a login after 10 failures in 15 minutes, and again lets it try after them', () => {
    let now = 1_000_000
    const limiter = loginLimiter(() => now)
    for (let i = 0; i < 10; i++) {
      limiter.check('Admin', `10.0.0.${i}`)
      limiter.failed('Admin', `10.0.0.${i}`)
    }
    // Per login, whatever the address and the case.
    expect(() => limiter.check('admin', '10.9.9.9')).toThrow('too_frequent')
    // Another login from those addresses is not held back.
    expect(() => limiter.check('reviewer', '10.0.0.1')).not.toThrow()
    now += 15 * 60_000 + 1
    expect(() => limiter.check('admin', '10.9.9.9')).not.toThrow()
  })

  it('refuses an address after 30 failures across logins; a success clears only the login', () => {
    const limiter = loginLimiter(() => 5_000)
    for (let i = 0; i < 30; i++) limiter.failed(`guess${i}`, '10.1.1.1')
    expect(() => limiter.check('admin', '10.1.1.1')).toThrow('too_frequent')
    expect(() => limiter.check('admin', '10.1.1.2')).not.toThrow()
    for (let i = 0; i < 10; i++) limiter.failed('kato', '10.2.2.2')
    limiter.succeeded('kato', '10.3.3.3')
    expect(() => limiter.check('kato', '10.4.4.4')).not.toThrow()
  })
})
