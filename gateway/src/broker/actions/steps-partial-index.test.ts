import { describe, expect, it } from 'vitest'
import { storeOfThisFile } from '../../../../tests/support/file-store'
import { planOf } from '../../store/partial-index.fixture'
import { codesInPlay } from './steps.sql'

const store = storeOfThisFile()

describe(`codes in play (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  // Migration 0048: the working orders' codes come from the partial orders_expiry, whose
  // predicate the query carries literally (orders-partial-indexes.test.ts has the trading side).
  it("read the working orders' codes through orders_expiry", async () => {
    expect(await planOf(store, (db) => codesInPlay(db, 1_767_000_000_000))).toMatch(
      /\borders_expiry\b/,
    )
  })
})
