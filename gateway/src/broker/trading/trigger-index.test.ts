import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TriggerIndex, type TriggerSide } from './trigger-index'

describe('TriggerIndex', () => {
  it('fires a buy stop at or above its trigger and a sell stop at or below, once', () => {
    const index = new TriggerIndex()
    index.addStop('b', '7203', 'buy', 2_900n)
    index.addStop('s', '7203', 'sell', 2_700n)
    expect(index.onPrint('7203', 2_899n)).toEqual([])
    expect(index.onPrint('7203', 2_900n)).toEqual(['b'])
    expect(index.onPrint('7203', 2_950n)).toEqual([])
    expect(index.onPrint('6758', 2_600n)).toEqual([])
    expect(index.onPrint('7203', 2_650n)).toEqual(['s'])
    expect(index.size).toBe(0)
  })

  it('fires the stops one print reaches oldest first, and forgets one removed', () => {
    const index = new TriggerIndex()
    index.addStop('late', '7203', 'buy', 2_800n)
    index.addStop('early', '7203', 'buy', 2_900n)
    index.addStop('gone', '7203', 'buy', 2_850n)
    expect(index.remove('gone')).toBe(true)
    expect(index.remove('gone')).toBe(false)
    expect(index.onPrint('7203', 3_000n)).toEqual(['late', 'early'])
  })

  it('moves a trailing sell up with each higher print and fires when the price falls back', () => {
    const index = new TriggerIndex()
    index.addTrailing('t', '7203', 'sell', 100n, 3_000n)
    expect(index.triggerOf('t')).toBe(2_900n)
    expect(index.onPrint('7203', 3_150n)).toEqual([])
    expect(index.triggerOf('t')).toBe(3_050n)
    expect(index.onPrint('7203', 3_100n)).toEqual([])
    expect(index.onPrint('7203', 3_050n)).toEqual(['t'])
  })

  it('moves a trailing buy down with each lower print and fires when the price rises back', () => {
    const index = new TriggerIndex()
    index.addTrailing('t', '7203', 'buy', 50n, 1_000n)
    index.onPrint('7203', 900n)
    expect(index.triggerOf('t')).toBe(950n)
    expect(index.onPrint('7203', 949n)).toEqual([])
    expect(index.onPrint('7203', 950n)).toEqual(['t'])
  })

  it('refuses a trail that is not positive', () => {
    expect(() => new TriggerIndex().addTrailing('t', '7203', 'sell', 0n, 1_000n)).toThrow(
      RangeError,
    )
  })

  // Every trigger checked against every print, one by one: what the index must agree with.
  interface Modelled {
    id: string
    code: string
    side: TriggerSide
    seq: number
    stop?: bigint
    trailing?: { trail: bigint; best: bigint }
  }
  const fires = (m: Modelled, price: bigint) => {
    if (m.stop !== undefined) return m.side === 'buy' ? price >= m.stop : price <= m.stop
    const t = m.trailing as { trail: bigint; best: bigint }
    return m.side === 'sell' ? price <= t.best - t.trail : price >= t.best + t.trail
  }
  const triggerOf = (m: Modelled) =>
    m.stop ??
    (m.side === 'sell'
      ? (m.trailing?.best ?? 0n) - (m.trailing?.trail ?? 0n)
      : (m.trailing?.best ?? 0n) + (m.trailing?.trail ?? 0n))

  const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f')
  const code = fc.constantFrom('7203', '6758')
  const side = fc.constantFrom<TriggerSide>('buy', 'sell')
  const price = fc.bigInt({ min: 1n, max: 30n })
  const command = fc.oneof(
    fc.record({ op: fc.constant('stop' as const), id, code, side, price }),
    fc.record({
      op: fc.constant('trailing' as const),
      id,
      code,
      side,
      price,
      trail: fc.bigInt({ min: 1n, max: 6n }),
    }),
    fc.record({ op: fc.constant('remove' as const), id }),
    fc.record({ op: fc.constant('print' as const), code, price }),
    fc.record({ op: fc.constant('print' as const), code, price }),
  )

  it('agrees with checking every trigger against every print', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        const index = new TriggerIndex()
        const model = new Map<string, Modelled>()
        let seq = 0
        for (const c of commands) {
          if (c.op === 'stop') {
            index.addStop(c.id, c.code, c.side, c.price)
            model.set(c.id, { id: c.id, code: c.code, side: c.side, seq: seq++, stop: c.price })
          } else if (c.op === 'trailing') {
            index.addTrailing(c.id, c.code, c.side, c.trail, c.price)
            const trailing = { trail: c.trail, best: c.price }
            model.set(c.id, { id: c.id, code: c.code, side: c.side, seq: seq++, trailing })
          } else if (c.op === 'remove') {
            expect(index.remove(c.id)).toBe(model.delete(c.id))
          } else {
            const expected: Modelled[] = []
            for (const m of model.values()) {
              if (m.code !== c.code) continue
              if (m.trailing) {
                const best = m.trailing.best
                m.trailing.best =
                  m.side === 'sell'
                    ? c.price > best
                      ? c.price
                      : best
                    : c.price < best
                      ? c.price
                      : best
              }
              if (fires(m, c.price)) expected.push(m)
            }
            for (const m of expected) model.delete(m.id)
            const order = expected.sort((x, y) => x.seq - y.seq).map((m) => m.id)
            expect(index.onPrint(c.code, c.price)).toEqual(order)
          }
          expect(index.size).toBe(model.size)
          for (const m of model.values()) expect(index.triggerOf(m.id)).toBe(triggerOf(m))
        }
      }),
      { numRuns: 300 },
    )
  })
})
