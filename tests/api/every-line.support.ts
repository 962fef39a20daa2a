import { holdingRows, type HoldingList } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { isTradingDay } from '@kabu/shared/market/calendar'
import { addDays } from '@kabu/shared/market/iso-date'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { parseUnits } from '@kabu/shared/money/decimal'
import { expect } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'
import { session, brokerData, type BrokerAnswer } from '../support/broker'
import type { Command, Op } from './every-line.commands'
import { USERS } from './every-line.commands'
import { BANK_DAY_10AM, ops } from './funds.support'
import { depositor } from './loan.support'
import { OPS_TOKEN } from './ops-client'
import { userIdOf } from './trading.support'

/**
 * What the every-line property's parts share (see every-line-property.test.ts): one gateway, its
 * users, the offers the history made, and the reads and clock moves the commands and checks use.
 */

export const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** The gateway and the users the whole file works on; each command reads what is there now. */
export interface World {
  t: TestApp
  grants: SessionGrant[]
  cards: string[]
  userIds: bigint[]
  loggedInAt: number
  ipoOffers: string[]
  blockOffers: string[]
  /** How many IPO codes were made (each offer needs its own). */
  codes: number
}

/**
 * The gateway with every job's timer stopped and the matcher deaf to the simulator, and USERS
 * verified users with a card and money deposited through a reviewed deposit.
 */
export async function startWorld(): Promise<World> {
  const t = await startTestApp({
    env: {
      TIME_TRAVEL: '1',
      REVIEW_POLICY: 'manual',
      OPS_TOKEN,
      CREDIT_JOB_MS: '3600000',
      IPO_JOB_MS: '3600000',
      PRODUCT_JOB_MS: '3600000',
      DAYTRADE_JOB_MS: '60000',
      ORDER_JOB_MS: '3600000',
    },
  })
  // The test runs every pass itself: nothing may move the books between a step and its checks.
  await t.app.broker.trading.matcher.stop()
  await t.app.broker.trading.orderLapse.stop()
  await t.app.broker.trading.creditJobs.stop()
  await t.app.broker.ipo.jobs.stop()
  await t.app.broker.products.jobs.stop()
  await t.app.broker.daytrade.jobs.stop()
  t.app.clock.set(BANK_DAY_10AM)
  const w: World = {
    t,
    grants: [],
    cards: [],
    userIds: [],
    loggedInAt: 0,
    ipoOffers: [],
    blockOffers: [],
    codes: 0,
  }
  for (let i = 0; i < USERS; i++) {
    const account = `elp${i}x${Date.now() % 100000}`
    const { grant, card } = await depositor(t, account, '30000000')
    w.grants.push(grant)
    w.cards.push(card)
    w.userIds.push(await userIdOf(t, account))
  }
  w.loggedInAt = t.app.clock.now()
  return w
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

export const post = <T>(w: World, i: number, path: string, body: Record<string, string> = {}) =>
  brokerData<T>(w.t.url, path, body, session(w.grants[i]!))
export const at = <T>(rows: readonly T[], n: number): T | undefined =>
  rows.length ? rows[n % rows.length] : undefined
export const units = (text: string | null | undefined): bigint => {
  const value = text == null ? null : parseUnits(text, { signed: true })
  if (value === null) throw new Error(`not an amount: ${String(text)}`)
  return value
}
export const openRows = async (w: World, i: number) =>
  holdingRows(await post<HoldingList>(w, i, '/trade/userstocklist', { type: 'jpy' }))

// ── The clock ───────────────────────────────────────────────────────────────────────────────────

/** Moves the gateway's clock to `when` (never back) through the operator's call. */
export async function moveClock(w: World, when: number) {
  if (when <= w.t.app.clock.now()) return
  const moved = await ops(w.t, 'POST', '/clock', { at: new Date(when).toISOString() })
  expect(moved.status).toBe(1)
  // Orders whose validity the move ended lapse now, as the orders job would on its next pass.
  await w.t.app.broker.trading.orderLapse.runOnce()
}

/** The next Tokyo trading day's 10:00 after now: banks and the exchange open. */
export function nextMorning(w: World): number {
  const now = w.t.app.clock.now()
  let date = localDate('jp', now)
  for (;;) {
    const morning = epochAtLocal('jp', date, 10 * 60)
    if (morning > now && isTradingDay('jp', date)) return morning
    date = addDays(date, 1)
  }
}

/**
 * The close (16:00 Tokyo) of the `n`th trading day after today: a product's deadline with `n` days
 * of accrual. Counted in calendar days, a short product opened before a run of holidays (Golden
 * Week, the year end) has none, and the operator's call refuses it (invalid_input).
 */
export function tradingDaysAhead(w: World, n: number): number {
  let date = localDate('jp', w.t.app.clock.now())
  for (let k = 0; k < n;) {
    date = addDays(date, 1)
    if (isTradingDay('jp', date)) k++
  }
  return epochAtLocal('jp', date, 16 * 60)
}

// ── Commands ────────────────────────────────────────────────────────────────────────────────────

/** An answer the test did not get (nothing to act on), or the gateway's answer. */
export type Sent = BrokerAnswer | { http: number; status?: number; msg?: string } | string

/** How each of the ops `K` is sent: every command file gives its own lines' ops. */
export type Handlers<K extends Op> = {
  [P in K]: (w: World, c: Extract<Command, { op: P }>) => Promise<Sent>
}
