import { describe, expect, it } from 'vitest'
import { lookAtOrder, type OrderFacts } from './order-watch'

const order = (status: OrderFacts['status'], filled_num = 0): OrderFacts => ({
  status,
  num: 300,
  filled_num,
  trigger: status === 'waiting' ? '2600' : null,
  refusal: null,
})

/** A look whose holding read is counted: it is read only once the order bought and stopped. */
function look(o: OrderFacts, holding: number | undefined) {
  let holdingReads = 0
  const read = lookAtOrder(
    async () => o,
    async () => {
      holdingReads++
      return holding
    },
  )
  return { read, reads: () => holdingReads }
}

describe('lookAtOrder', () => {
  it('reports a working order alone, its partly filled holding unread', async () => {
    for (const o of [order('waiting'), order('open'), order('partial', 100)]) {
      const l = look(o, 0)
      expect(await l.read()).toEqual([
        {
          type: 'ORDER',
          status: o.status,
          num: 300,
          filled: o.filled_num,
          trigger: o.trigger,
          refusal: null,
        },
      ])
      expect(l.reads()).toBe(0)
    }
  })

  it('adds the holding once the order stopped with shares bought, and only then', async () => {
    const filled = look(order('filled', 300), 1)
    expect((await filled.read()).at(-1)).toEqual({ type: 'STATUS', status: 1 })
    const kept = look(order('cancelled', 100), 0)
    expect((await kept.read()).map((e) => e.type)).toEqual(['ORDER', 'STATUS'])
    const unfilled = look(order('cancelled'), 0)
    expect((await unfilled.read()).map((e) => e.type)).toEqual(['ORDER'])
    expect(unfilled.reads()).toBe(0)
    // The holding not found (yet): the order is still reported.
    expect((await look(order('filled', 300), undefined).read()).map((e) => e.type)).toEqual([
      'ORDER',
    ])
  })
})
