import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Quote } from '@kabu/shared/market/types'
import { allocate, crosses } from './matcher'
import { addPrints, type Print, type Tape } from './prints'
import type { OrderRow } from './orders.sql'

const T = 1_700_000_000_000

type Resting = Pick<OrderRow, 'side' | 'price' | 'updated_at' | 'num' | 'filled_num'>

/** A working limit order as the matcher reads it: side, limit, when it was set, what it wants. */
function resting(
  side: 'buy' | 'sell',
  limit: bigint,
  placedAt = T,
  num = 100n,
  filled = 0n,
): Resting {
  return { side, price: limit, updated_at: BigInt(placedAt), num, filled_num: filled }
}

const print = (price: bigint, volume = 1_000n, at = T): Print => ({ price, volume, at })

describe('crosses', () => {
  it('fills a buy at a print at or under its limit, a sell at or over', () => {
    expect(crosses(resting('buy', 100n), print(100n))).toBe(true)
    expect(crosses(resting('buy', 100n), print(99n))).toBe(true)
    expect(crosses(resting('buy', 100n), print(101n))).toBe(false)
    expect(crosses(resting('sell', 200n), print(200n))).toBe(true)
    expect(crosses(resting('sell', 200n), print(199n))).toBe(false)
  })

  it('fills no order without a limit (a market order never rests)', () => {
    expect(crosses({ side: 'buy', price: null, updated_at: BigInt(T) }, print(1n))).toBe(false)
  })

  it('never fills an order at a print from before it was placed (or its limit amended)', () => {
    expect(crosses(resting('buy', 100n, T), print(99n, 100n, T - 1))).toBe(false)
    // A print in the same millisecond as the order counts.
    expect(crosses(resting('buy', 100n, T), print(100n, 100n, T))).toBe(true)
  })
})

describe('allocate', () => {
  it('gives a print’s shares to the orders it crosses, oldest first, in whole lots', () => {
    const book = [
      resting('buy', 100n, T, 300n),
      resting('buy', 99n, T, 500n), // under the print: not crossed
      resting('buy', 101n, T, 400n, 200n), // wants its last 200
      resting('sell', 110n, T, 100n), // over the print: not crossed
    ]
    expect(allocate(book, print(100n, 450n), 100n)).toEqual([300n, 0n, 100n, 0n])
    expect(allocate(book, print(100n, 5_000n), 100n)).toEqual([300n, 0n, 200n, 0n])
    expect(allocate(book, print(100n, 99n), 100n)).toEqual([0n, 0n, 0n, 0n])
  })

  it('never gives more than the print traded nor more than an order wants', () => {
    const order = fc
      .record({
        side: fc.constantFrom('buy' as const, 'sell' as const),
        limit: fc.bigInt({ min: 90n, max: 110n }),
        num: fc.integer({ min: 1, max: 50 }).map((lots) => BigInt(lots) * 100n),
        filledLots: fc.integer({ min: 0, max: 49 }),
      })
      .map((o) => resting(o.side, o.limit, T, o.num, (BigInt(o.filledLots) * 100n) % o.num))
    fc.assert(
      fc.property(
        fc.array(order, { maxLength: 12 }),
        fc.bigInt({ min: 90n, max: 110n }),
        fc.bigInt({ min: 0n, max: 20_000n }),
        (book, price, volume) => {
          const nums = allocate(book, print(price, volume), 100n)
          const total = nums.reduce((a, b) => a + b, 0n)
          expect(total <= volume).toBe(true)
          for (const [i, num] of nums.entries()) {
            const o = book[i]!
            expect(num % 100n).toBe(0n)
            expect(num <= o.num - o.filled_num).toBe(true)
            if (num > 0n) expect(crosses(o, print(price))).toBe(true)
          }
          // Oldest first: an order left wanting means the print had no whole lot left for it.
          const starved = book.findIndex(
            (o, i) => crosses(o, print(price)) && nums[i]! < o.num - o.filled_num,
          )
          if (starved >= 0) expect(nums.slice(starved + 1).every((n) => n === 0n)).toBe(true)
        },
      ),
    )
  })
})

describe('addPrints', () => {
  const quote = (volume: number, extra: Partial<Quote> = {}) =>
    ({ code: '7203', price: 2_900, volume, trading: true, special: null, ...extra }) as Quote

  it('makes each quote’s print the shares it adds to the day’s volume', () => {
    const tape: Tape = new Map()
    const prints = addPrints(
      new Map(),
      [quote(1_000), quote(1_300), quote(1_300)],
      T,
      tape,
      () => 800,
    )
    expect(prints.get('7203')?.map((p) => p.volume)).toEqual([200n, 300n])
    expect(tape.get('7203')).toBe(1_300)
  })

  it('counts a code first seen from the market’s snapshot, and a fall as the next day starting', () => {
    const tape: Tape = new Map()
    // The market has applied this very quote already: nothing traded that the matcher saw.
    expect(addPrints(new Map(), [quote(5_000)], T, tape, () => 5_000).size).toBe(0)
    const next = addPrints(new Map(), [quote(400)], T, tape, () => 5_000)
    expect(next.get('7203')?.map((p) => p.volume)).toEqual([400n])
  })

  it('takes no print from a special quote or a market out of session, but follows its volume', () => {
    const tape: Tape = new Map([['7203', 100]])
    const special = quote(700, { special: { side: 'bid', price: 3_000 } })
    expect(
      addPrints(new Map(), [special, quote(900, { trading: false })], T, tape, () => 0).size,
    ).toBe(0)
    expect(tape.get('7203')).toBe(900)
  })
})
