import { describe, expect, it } from 'vitest'
import { orderMoney } from './order-money'

describe('orderMoney', () => {
  it('holds while pending, pays the allocated shares once filled, returns all once rejected', () => {
    const asked = { num: 200, money: '669600', paid: null, allocated: null }
    expect(orderMoney({ ...asked, status: 0 })).toEqual({
      lineId: 'home.block.orderLine',
      labelId: 'home.block.frozen',
      num: 200,
      money: '669600',
    })
    // Issue 34 item 9: a filled request read "拘束 ¥669,600 約定" (held … filled).
    expect(orderMoney({ ...asked, status: 1, allocated: 100, paid: '334800' })).toEqual({
      lineId: 'home.block.orderLine.paid',
      labelId: 'home.block.paid',
      num: 100,
      money: '334800',
    })
    expect(orderMoney({ ...asked, status: 2, allocated: 0 })).toEqual({
      lineId: 'home.block.orderLine.returned',
      labelId: 'home.block.returned',
      num: 200,
      money: '669600',
    })
  })
})
