import { describe, expect, it } from 'vitest'
import { parseReplay } from './replay-file'

describe('parseReplay', () => {
  it('reads a FRED series as daily bars of one code, skipping missing observations', () => {
    const csv = 'observation_date,DEXJPUS\n2025-07-03,144.96\n2025-07-04,\n2025-07-07,145.86\n'
    const rows = parseReplay(csv, 'csv', 'TOPIX')
    expect(rows).toEqual({
      kind: 'daily',
      days: [
        {
          code: 'TOPIX',
          date: '2025-07-03',
          open: 144.96,
          high: 144.96,
          low: 144.96,
          close: 144.96,
          volume: 0,
        },
        {
          code: 'TOPIX',
          date: '2025-07-07',
          open: 145.86,
          high: 145.86,
          low: 145.86,
          close: 145.86,
          volume: 0,
        },
      ],
    })
  })

  it('reads JSONL ticks with their own codes and quantities', () => {
    const jsonl = [
      '{"code":"7203","time":"2025-10-01T00:00:01Z","price":2500,"volume":300}',
      '{"code":"AAPL","time":1759276802,"price":230.5}',
    ].join('\n')
    expect(parseReplay(jsonl, 'jsonl')).toEqual({
      kind: 'ticks',
      ticks: [
        { code: '7203', price: 2500, time: Date.parse('2025-10-01T00:00:01Z'), quantity: 300 },
        { code: 'AAPL', price: 230.5, time: 1_759_276_802_000 },
      ],
    })
  })

  it('names the line of a bad row', () => {
    expect(() => parseReplay('date,close\n2025-07-03,abc\n', 'csv', 'TOPIX')).toThrow(/row 1/)
    expect(() => parseReplay('date,close\n2025-07-03,1\n', 'csv')).toThrow(/row 1/)
  })
})
