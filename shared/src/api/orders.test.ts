import { describe, expect, it } from 'vitest'
import { amendRequest, canMove, isWorking, ORDER_STATUSES, validitySchema } from './orders'

describe('order statuses', () => {
  it('end in filled, cancelled, expired or refused, which go nowhere', () => {
    const final = ORDER_STATUSES.filter((s) => !isWorking(s))
    expect(final.sort()).toEqual(['cancelled', 'expired', 'filled', 'refused'])
    for (const from of final) for (const to of ORDER_STATUSES) expect(canMove(from, to)).toBe(false)
  })

  it('never fill a waiting order without opening it first, nor reopen a partial one', () => {
    expect(canMove('waiting', 'filled')).toBe(false)
    expect(canMove('waiting', 'open')).toBe(true)
    expect(canMove('partial', 'open')).toBe(false)
    expect(canMove('partial', 'filled')).toBe(true)
  })
})

describe('order requests', () => {
  it('take day or a date as validity, nothing else', () => {
    expect(validitySchema.safeParse('day').success).toBe(true)
    expect(validitySchema.safeParse('2026-12-22').success).toBe(true)
    expect(validitySchema.safeParse('gtc').success).toBe(false)
  })

  it('read an amend’s empty fields as not given', () => {
    const parsed = amendRequest.parse({ id: '7', price: '2900', num: '', trigger: '', idem: 'k1' })
    expect(parsed).toEqual({ id: '7', price: '2900', idem: 'k1' })
  })
})
