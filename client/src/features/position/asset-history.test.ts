import { describe, expect, it } from 'vitest'
import { depositMarks } from './asset-history'

const point = (date: string, net_deposits: string) => ({ date, net_assets: '0', net_deposits })

describe('depositMarks', () => {
  it('marks the closes whose net deposits moved, up or down', () => {
    expect(
      depositMarks([
        point('2026-01-05', '100'),
        point('2026-01-06', '100'),
        point('2026-01-07', '150.5'),
        point('2026-01-08', '20'),
      ]),
    ).toEqual([
      { date: '2026-01-07', kind: 'deposit' },
      { date: '2026-01-08', kind: 'withdrawal' },
    ])
  })

  it('marks nothing without a close before', () => {
    expect(depositMarks([point('2026-01-05', '100')])).toEqual([])
  })
})
