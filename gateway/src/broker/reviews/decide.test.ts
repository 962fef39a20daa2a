import { describe, expect, it } from 'vitest'
import { eventOf } from './decide'

describe('the user event of a decision', () => {
  it('tells funds and identity outcomes by their own names, the rest as review:decided', () => {
    expect(eventOf('deposit', '7', 'approved')).toEqual({
      type: 'funds:reviewed',
      kind: 'deposit',
      id: '7',
      status: 'approved',
    })
    expect(eventOf('withdraw', '8', 'rejected', 'closed account')).toEqual({
      type: 'funds:reviewed',
      kind: 'withdraw',
      id: '8',
      status: 'rejected',
      reason: 'closed account',
    })
    expect(eventOf('kyc', '9', 'rejected', 'blurred')).toEqual({
      type: 'kyc:result',
      id: '9',
      status: 'rejected',
      reason: 'blurred',
    })
    expect(eventOf('block', '1', 'approved')).toEqual({
      type: 'review:decided',
      kind: 'block',
      id: '1',
      status: 'approved',
    })
  })
})
