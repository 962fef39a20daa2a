import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { rowsIn } from './actions.support'
import { buy, startTradingApp, TOYOTA, trader, userIdOf } from './trading.support'

/**
 * Helpers of the corporate actions tests (corporate-actions-dividends, corporate-actions-splits):
 * a trading gateway whose own actions job stays out of the way (each test runs one at its hand
 * clock), a holder of a listing, and the rows a step must write only once.
 */

export const YEN = 10_000n

let n = 0
export const account = () => `cax${++n}x${Date.now() % 100000}`

/**
 * The calling test file's own trading gateway, from its beforeAll to its afterAll, its ledger
 * checked after each test. Its actions job runs hourly: a test's job at its own clock is the one
 * that runs. Call it at the file's top level.
 */
export function actionsAppOfThisFile(): TestApp {
  let started: TestApp | undefined
  beforeAll(async () => {
    started = await startTradingApp({ ACTIONS_JOB_MS: '3600000' })
  })
  afterAll(() => started?.stop())
  afterEach(() => expectLedgerConsistent(app().app.db))
  const app = () => {
    if (!started) throw new Error('the actions app starts in beforeAll')
    return started
  }
  return {
    get app() {
      return app().app
    },
    get url() {
      return app().url
    },
    get database() {
      return app().database
    },
    count: (table) => app().count(table),
    stop: () => app().stop(),
  }
}

/** A new trader who bought `num` of `code`, with the holding's id. */
export async function holder(t: TestApp, code = TOYOTA, type = 'jpy', num = '100') {
  const name = account()
  const g = await trader(t, name)
  const answer = await buy(t, g, { type, code, num })
  expect(answer).toMatchObject({ status: 1 })
  return {
    g,
    name,
    userId: await userIdOf(t, name),
    id: BigInt((answer.data as { id: string }).id),
  }
}

export const ledgerCount = (t: TestApp) => rowsIn(t, 'ledger_transactions')
export const taxEvents = (t: TestApp) => rowsIn(t, 'tax_events')
