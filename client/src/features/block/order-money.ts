import type { BlockOrder } from '@kabu/shared/api/block'

/** Which amount a request's money shows, and the text keys that name it. */
export interface OrderMoney {
  /** `home.block.orderLine…`: shares and amount on one line of the list. */
  lineId: string
  /** `home.block.frozen`, `…paid`, `…returned`: the amount's label on the request's own screen. */
  labelId: string
  /** Shares the amount is for: those asked for, or those allocated once filled. */
  num: number
  money: string
}

/**
 * What a block request's money is, by its status: held (frozen) while it waits for review, paid
 * once filled (price × allocated shares, the gateway's `paid`; the rest was returned), returned
 * once rejected. A filled request read "拘束 ¥669,600 約定" (held … filled): it is paid, not held.
 *
 * @example orderMoney({ status: 1, num: 200, money: '669600', paid: '334800', allocated: 100 })
 * // { lineId: 'home.block.orderLine.paid', labelId: 'home.block.paid', num: 100, money: '334800' }
 */
export function orderMoney(
  order: Pick<BlockOrder, 'status' | 'num' | 'money' | 'paid' | 'allocated'>,
): OrderMoney {
  if (order.status === 1 && order.paid !== null) {
    return {
      lineId: 'home.block.orderLine.paid',
      labelId: 'home.block.paid',
      num: order.allocated ?? order.num,
      money: order.paid,
    }
  }
  if (order.status === 2) {
    return {
      lineId: 'home.block.orderLine.returned',
      labelId: 'home.block.returned',
      num: order.num,
      money: order.money,
    }
  }
  return {
    lineId: 'home.block.orderLine',
    labelId: 'home.block.frozen',
    num: order.num,
    money: order.money,
  }
}
