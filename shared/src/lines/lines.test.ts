import { describe, expect, it } from 'vitest'
import { fundlistRequest } from '../api/ledger'
import {
  HOME_ENTRIES,
  LEDGER_KINDS,
  LINES,
  MINE_ENTRIES,
  POSITION_TABS,
  SCREEN_PATHS,
  USER_EVENT_TYPES,
} from './index'

const repeated = (list: readonly string[]) => list.filter((x, i) => list.indexOf(x) !== i)
const lines = Object.values(LINES)

describe('the product lines', () => {
  it('give each ledger kind, screen and Mine entry to one line only', () => {
    expect(repeated(LEDGER_KINDS)).toEqual([])
    expect(repeated(SCREEN_PATHS)).toEqual([])
    const mineNames = lines.flatMap((line) => ('mine' in line ? Object.keys(line.mine) : []))
    expect(repeated(mineNames)).toEqual([])
    expect(Object.keys(MINE_ENTRIES).sort()).toEqual([...mineNames].sort())
    expect(repeated(POSITION_TABS)).toEqual([])
  })

  it('name kinds the fund records filter accepts', () => {
    for (const kind of LEDGER_KINDS) {
      expect(fundlistRequest.safeParse({ type: 'jpy', kind }).success, kind).toBe(true)
    }
  })

  it('list every /user event once, home entries and Positions tabs in the spec order', () => {
    expect(repeated(USER_EVENT_TYPES)).toEqual([])
    expect(USER_EVENT_TYPES).toContain('review:decided')
    expect(HOME_ENTRIES.map((e) => e.line)).toEqual(['ipo', 'block', 'follow', 'daytrade'])
    expect(POSITION_TABS).toEqual(['stocks', 'newShares', 'follow'])
  })

  it('holds the six day-trading kinds broker/daytrade writes', () => {
    expect(LINES.daytrade.ledgerKinds).toHaveLength(6)
    expect(LEDGER_KINDS).toEqual(expect.arrayContaining([...LINES.daytrade.ledgerKinds]))
  })
})
