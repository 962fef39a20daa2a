import { describe, expect, it } from 'vitest'
import { nextSteps } from './next-steps'

describe('nextSteps', () => {
  it('lists every step for a new account, in the order they are done', () => {
    expect(nextSteps({ verified: 0, fund_password_set: false }, [])).toEqual([
      'verify',
      'fundPassword',
      'deposit',
    ])
  })

  it('drops each step once done: identity sent or verified, a password, a deposit asked for', () => {
    expect(nextSteps({ verified: 1, fund_password_set: false }, [])).toEqual([
      'fundPassword',
      'deposit',
    ])
    expect(nextSteps({ verified: 2, fund_password_set: true }, [{ status: 0 }])).toEqual([])
    expect(nextSteps({ verified: 2, fund_password_set: true }, [{ status: 1 }])).toEqual([])
  })

  it('asks again for what was refused: identity documents, a rejected deposit', () => {
    expect(nextSteps({ verified: 3, fund_password_set: true }, [{ status: 2 }])).toEqual([
      'verify',
      'deposit',
    ])
  })
})
