import { describe, expect, it } from 'vitest'
import { mapPollBody, pollMappingSchema } from './poll-mapping'

const mapping = pollMappingSchema.parse({
  items: 'result.rows',
  fields: { code: 'sym', price: 'px.last', volume: 'vol', prevClose: 'pc', time: 't' },
  codes: { '7203.T': '7203', AAPL: 'AAPL' },
})

describe('mapPollBody', () => {
  it('maps fields by path and codes by the table, skipping codes the source does not carry', () => {
    const body = {
      result: {
        rows: [
          { sym: '7203.T', px: { last: '2501.5' }, vol: 1200, pc: 2490, t: 1_760_000_000 },
          { sym: 'AAPL', px: { last: 230.12 }, t: '2025-10-09T14:00:00Z' },
          { sym: 'MSFT', px: { last: 500 } },
        ],
      },
    }
    const { ticks, rejected } = mapPollBody(body, mapping, 42)
    expect(rejected).toBe(0)
    expect(ticks).toEqual([
      { code: '7203', price: 2501.5, dayVolume: 1200, prevClose: 2490, time: 1_760_000_000_000 },
      { code: 'AAPL', price: 230.12, time: Date.parse('2025-10-09T14:00:00Z') },
    ])
  })

  it('rejects bad items one by one and uses now for a quote without a time', () => {
    const body = {
      result: {
        rows: [
          { sym: '7203.T', px: { last: -1 } },
          { sym: 'AAPL', px: {} },
          { sym: 'AAPL', px: { last: 1 }, t: 'yesterday-ish' },
          { sym: 'AAPL', px: { last: 231 } },
        ],
      },
    }
    const { ticks, rejected } = mapPollBody(body, mapping, 42)
    expect(rejected).toBe(3)
    expect(ticks).toEqual([{ code: 'AAPL', price: 231, time: 42 }])
  })

  it('throws when the body has no array where the mapping points', () => {
    expect(() => mapPollBody({ result: {} }, mapping, 0)).toThrow(/no array/)
    expect(() => mapPollBody('<html>', mapping, 0)).toThrow(/no array/)
  })

  it('refuses a mapping without codes or with unknown keys', () => {
    expect(
      pollMappingSchema.safeParse({ fields: { code: 'a', price: 'b' }, codes: {} }).success,
    ).toBe(false)
    expect(
      pollMappingSchema.safeParse({
        fields: { code: 'a', price: 'b', px: 'c' },
        codes: { a: '7203' },
      }).success,
    ).toBe(false)
  })
})
