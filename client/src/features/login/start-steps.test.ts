import { describe, expect, it } from 'vitest'
import { stepStatuses } from './start-steps'

const statuses = (
  value: unknown,
  failedStep: Parameters<typeof stepStatuses>[1]['failedStep'] = null,
) => stepStatuses(value, { failedStep }).map((s) => s.status)

describe('start step statuses', () => {
  it('marks earlier steps done, the current one running and later ones pending', () => {
    expect(statuses('fetchingQuotes')).toEqual([
      'done',
      'done',
      'running',
      'pending',
      'pending',
      'pending',
    ])
    expect(statuses('starting')[0]).toBe('running')
  })

  it('shows which step failed', () => {
    expect(statuses('failed', 'connectingHost')).toEqual([
      'done',
      'done',
      'done',
      'failed',
      'pending',
      'pending',
    ])
  })

  it('marks all six done on completion', () => {
    expect(statuses({ complete: 'home' })).toEqual(Array(6).fill('done'))
  })
})
