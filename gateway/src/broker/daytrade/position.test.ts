import { describe, expect, it } from 'vitest'
import { applyFill, grossExposure } from './position'
import { settlementLines } from './postings'
import { tradingWindow } from './window'

const P = (yen: number) => BigInt(yen) * 10_000n

describe('applyFill (average cost)', () => {
  it('opens, adds, reduces and reverses a position, realising against the average', () => {
    let pos = applyFill({ qty: 0n, cost: 0n }, 'buy', 100n, P(2_000)).next
    pos = applyFill(pos, 'buy', 100n, P(2_100)).next
    expect(pos).toEqual({ qty: 200n, cost: P(410_000) })
    const half = applyFill(pos, 'sell', 100n, P(2_200))
    expect(half.realised).toBe(P(15_000))
    expect(half.next).toEqual({ qty: 100n, cost: P(205_000) })
    const flip = applyFill(half.next, 'sell', 300n, P(2_000))
    expect(flip.realised).toBe(P(-5_000))
    expect(flip.next).toEqual({ qty: -200n, cost: P(-400_000) })
    const cover = applyFill(flip.next, 'buy', 200n, P(1_900))
    expect(cover).toEqual({ next: { qty: 0n, cost: 0n }, realised: P(20_000) })
  })

  it('realises exactly the whole cost over a position’s life, even with odd averages', () => {
    let pos = applyFill({ qty: 0n, cost: 0n }, 'buy', 300n, 10_001n).next
    let realised = 0n
    for (const n of [100n, 100n, 100n]) {
      const r = applyFill(pos, 'sell', n, 10_000n)
      realised += r.realised
      pos = r.next
    }
    expect(pos).toEqual({ qty: 0n, cost: 0n })
    expect(realised).toBe(-300n)
  })

  it('measures exposure as the gross entry notional', () => {
    expect(
      grossExposure([
        { qty: 100n, cost: P(200_000) },
        { qty: -100n, cost: P(-50_000) },
      ]),
    ).toBe(P(250_000))
  })
})

describe('settlementLines', () => {
  it('returns the book with the close, and caps a loss at the funds', () => {
    const base = { userId: 1n, currency: 'JPY' as const }
    const s = settlementLines({ ...base, balance: P(700_000), proceeds: P(310_000), fees: P(310) })
    expect(s.returned).toBe(P(1_009_690))
    expect(s.bank).toBe(P(-310_000))
    const short = settlementLines({ ...base, balance: P(1_200), proceeds: P(-2_000), fees: P(2) })
    expect(short.returned).toBe(0n)
    // The house takes the shortfall; every line still sums to zero.
    const sum = short.lines.reduce((a, l) => a + l.amount, 0n) + short.bank + short.fees
    expect(sum).toBe(0n)
  })
})

describe('tradingWindow', () => {
  const at = (iso: string) => Date.parse(iso)
  it('real: today’s sessions until the last close, then the next trading day', () => {
    expect(tradingWindow('jp', 'real', at('2030-01-08T08:00:00+09:00'))).toEqual({
      opensAt: at('2030-01-08T09:00:00+09:00'),
      closesAt: at('2030-01-08T15:30:00+09:00'),
    })
    // Friday after the close: Monday's day (2030-01-14 is Coming of Age Day, so Tuesday).
    expect(tradingWindow('jp', 'real', at('2030-01-11T16:00:00+09:00'))).toEqual({
      opensAt: at('2030-01-15T09:00:00+09:00'),
      closesAt: at('2030-01-15T15:30:00+09:00'),
    })
    expect(tradingWindow('us', 'real', at('2030-01-08T12:00:00-05:00')).closesAt).toBe(
      at('2030-01-08T16:00:00-05:00'),
    )
  })

  it('always: from now to the next daily cut-off in the market’s own time', () => {
    expect(tradingWindow('jp', 'always', at('2030-01-12T16:00:00+09:00'))).toEqual({
      opensAt: at('2030-01-12T15:30:00+09:00'),
      closesAt: at('2030-01-13T15:30:00+09:00'),
    })
    expect(tradingWindow('jp', 'always', at('2030-01-12T10:00:00+09:00')).closesAt).toBe(
      at('2030-01-12T15:30:00+09:00'),
    )
  })
})
