import { describe, expect, it } from 'vitest'
import { isOpen, marketPhase, sessionsOf } from './sessions'

const utc = (iso: string) => Date.parse(`${iso}Z`)

describe('Tokyo', () => {
  it('trades 9:00–11:30 and 12:30–15:30 JST', () => {
    expect(sessionsOf('jp', '2026-11-24')).toEqual([
      { open: utc('2026-11-24T00:00'), close: utc('2026-11-24T02:30') },
      { open: utc('2026-11-24T03:30'), close: utc('2026-11-24T06:30') },
    ])
  })

  it('closes for lunch', () => {
    expect(isOpen('jp', utc('2026-11-24T03:00'))).toBe(false) // 12:00 JST
    expect(marketPhase('jp', utc('2026-11-24T03:00'))).toBe('break')
    expect(marketPhase('jp', utc('2026-11-24T02:30'))).toBe('break') // 11:30 sharp
    expect(marketPhase('jp', utc('2026-11-24T03:30'))).toBe('open') // 12:30 sharp
  })

  it('is pre-open before 9:00 and closed from 15:30', () => {
    expect(marketPhase('jp', utc('2026-11-23T23:59'))).toBe('pre') // 08:59 JST on the 24th
    expect(marketPhase('jp', utc('2026-11-24T06:29'))).toBe('open')
    expect(marketPhase('jp', utc('2026-11-24T06:30'))).toBe('closed')
  })

  it('closed until 15:00 before the 2024-11-05 extension', () => {
    expect(sessionsOf('jp', '2024-11-01')[1]?.close).toBe(utc('2024-11-01T06:00'))
    expect(sessionsOf('jp', '2024-11-05')[1]?.close).toBe(utc('2024-11-05T06:30'))
  })

  it('has no sessions on holidays', () => {
    expect(sessionsOf('jp', '2025-01-01')).toEqual([])
    expect(sessionsOf('jp', '2026-11-23')).toEqual([])
    expect(marketPhase('jp', utc('2026-11-23T01:00'))).toBe('closed')
  })
})

describe('New York', () => {
  it('opens at 9:30 local: 14:30 UTC in winter, 13:30 UTC after the March switch', () => {
    expect(sessionsOf('us', '2026-01-06')).toEqual([
      { open: utc('2026-01-06T14:30'), close: utc('2026-01-06T21:00') },
    ])
    expect(sessionsOf('us', '2026-03-09')).toEqual([
      { open: utc('2026-03-09T13:30'), close: utc('2026-03-09T20:00') },
    ])
    expect(sessionsOf('us', '2026-03-06')[0]?.open).toBe(utc('2026-03-06T14:30'))
    expect(sessionsOf('us', '2026-11-02')[0]?.open).toBe(utc('2026-11-02T14:30'))
    expect(sessionsOf('us', '2026-10-30')[0]?.open).toBe(utc('2026-10-30T13:30'))
  })

  it('closes at 13:00 on the day after Thanksgiving and on July 3', () => {
    expect(sessionsOf('us', '2025-11-28')).toEqual([
      { open: utc('2025-11-28T14:30'), close: utc('2025-11-28T18:00') },
    ])
    expect(sessionsOf('us', '2025-07-03')[0]?.close).toBe(utc('2025-07-03T17:00'))
    expect(marketPhase('us', utc('2025-11-28T18:30'))).toBe('closed')
  })

  it('does not trade on July 4', () => {
    expect(sessionsOf('us', '2025-07-04')).toEqual([])
    expect(isOpen('us', utc('2025-07-04T15:00'))).toBe(false)
  })
})

describe('Shanghai and Shenzhen', () => {
  it('trades 9:30–11:30 and 13:00–15:00 CST, the closing call included', () => {
    expect(sessionsOf('cn', '2026-10-09')).toEqual([
      { open: utc('2026-10-09T01:30'), close: utc('2026-10-09T03:30') },
      { open: utc('2026-10-09T05:00'), close: utc('2026-10-09T07:00') },
    ])
    expect(marketPhase('cn', utc('2026-10-09T01:20'))).toBe('pre') // 9:20, opening call
    expect(marketPhase('cn', utc('2026-10-09T04:00'))).toBe('break')
    expect(marketPhase('cn', utc('2026-10-09T06:58'))).toBe('open') // 14:58, closing call
  })

  it('is closed on National Day and on a make-up Saturday', () => {
    expect(sessionsOf('cn', '2026-10-01')).toEqual([])
    expect(isOpen('cn', utc('2026-10-10T02:00'))).toBe(false)
    expect(marketPhase('cn', utc('2026-10-10T02:00'))).toBe('closed')
  })
})
