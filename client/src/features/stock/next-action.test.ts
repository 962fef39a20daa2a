import { describe, expect, it } from 'vitest'
import type { WireAction } from '@kabu/shared/api/actions'
import { nextAction, ratioText } from './next-action'

const action = (over: Partial<WireAction>): WireAction => ({
  code: '7203',
  kind: 'dividend',
  ex_date: '2026-03-27',
  record_date: '2026-03-30',
  pay_date: '2026-06-15',
  ratio: null,
  cash_per_share: null,
  status: 'scheduled',
  ...over,
})

describe('the stock page’s next ex-date', () => {
  it('skips what has gone ex already', () => {
    const done = action({ status: 'fixed', cash_per_share: '45' })
    const next = action({ kind: 'split', ex_date: '2026-04-01', ratio: '2' })
    expect(nextAction([done, next])).toBe(next)
    expect(nextAction([done])).toBeUndefined()
  })

  it('writes a split the way holders read it', () => {
    expect(ratioText('2')).toBe('2:1')
    expect(ratioText('0.2')).toBe('1:5')
    expect(ratioText(null)).toBe('—')
  })
})
