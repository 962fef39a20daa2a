import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { HOLDING } from '@kabu/shared/api/trade'
import { storeOfThisFile } from '../../../../tests/support/file-store'
import { OPEN_HOLDING_ROWS } from '../../store/migrations/0050-holdings-open'
import { planOf } from '../../store/partial-index.fixture'
import { openCash, openRows } from './tax.sql'

const store = storeOfThisFile()

// Migration 0050: a sale reads the user's open holdings of its code through `holdings_open`, not
// through every user's holdings of the code. Its reads are built on `openCash`: its sums (the
// sale's state and gate; the state's own statement is prepared, compiled once per process, so it
// is explained here as built) and its rows are run for real and their SELECTs explained.
describe(`a sale's reads of its open holdings (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  const p = { userId: 1n, code: '7203' }

  it.each([
    [
      'the sums',
      () =>
        planOf(
          store,
          (db) =>
            openCash(db, p.userId, p.code)
              .select(sql<bigint>`sum(stock_num)`.as('v'))
              .execute(),
          'holdings',
        ),
    ],
    ['the moving average rows', () => planOf(store, (db) => openRows(db, p), 'holdings')],
  ])('%s use holdings_open', async (_, plan) => {
    expect(await plan()).toMatch(/\bholdings_open\b/)
  })

  it('name the open statuses', () => {
    const { sql } = OPEN_HOLDING_ROWS.compile(store.db)
    const statuses = [...sql.matchAll(/\d+/g)].map((m) => Number(m[0]))
    expect(statuses.sort()).toEqual([HOLDING.holding, HOLDING.closing].sort())
  })
})
