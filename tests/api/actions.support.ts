import { addDays } from '@kabu/shared/market/iso-date'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import type { Market } from '@kabu/shared/market/types'
import { createActionsJob } from '../../gateway/src/broker/actions/jobs'
import type { UserEvents } from '../../gateway/src/broker/common/user-events'
import type { ListedAction } from '../../gateway/src/market/action-schedule'
import type { TestApp } from '../support/app'
import { brokerApi, session } from '../support/broker'
import { FUND_PASSWORD } from '../support/identity'
import { buy, trader } from './trading.support'

/** A clock a test sets by hand. */
export const handClock = (at: number) => {
  let now = at
  return { now: () => now, set: (to: number) => void (now = to) }
}

/** Tomorrow in the market's local dates: buys made now are held through the cum date. */
export const tomorrow = (t: TestApp, market: Market = 'jp') =>
  addDays(localDate(market, t.app.clock.now()), 1)

/** How many rows a table has. */
export async function rowsIn(t: TestApp, table: 'ledger_transactions' | 'tax_events') {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A verified user `name` with NISA open and 100 Toyota in it. */
export async function nisaHolder(t: TestApp, name: string) {
  const g = await trader(t, name, undefined, { verified: true })
  const opened = await brokerApi(
    t.url,
    '/user/nisaOpen',
    { fund_password: FUND_PASSWORD },
    session(g),
  )
  if (opened.status !== 1) throw new Error(`NISA not opened: ${opened.msg}`)
  const bought = await buy(t, g, { account: 'nisa' })
  if (bought.status !== 1) throw new Error(`NISA buy refused: ${bought.msg}`)
  return { g, name }
}

/** An hour into a local date. */
export const hourInto = (market: Market, date: string) => epochAtLocal(market, date, 60)

export function action(
  over: Partial<ListedAction> & Pick<ListedAction, 'code' | 'kind' | 'exDate'>,
) {
  return {
    market: 'jp',
    recordDate: over.exDate,
    payDate: null,
    ratio: null,
    cash: null,
    applied: true,
    ...over,
  } as ListedAction
}

/**
 * The corporate-actions job as the app builds it, but on a clock the test sets and with the
 * market's schedule replaced by `actions` (and the last close by `lastClose`, a price): the test
 * decides what goes ex when, and runs a pass with runOnce. Errors are thrown, not logged.
 */
export function actionsJobAt(
  t: TestApp,
  clock: { now(): number },
  actions: () => ListedAction[],
  lastClose = 1000,
  emitted: { userId: bigint; type: string }[] = [],
  /** Where the events go on to as well (the app's own port: notifications). */
  forward?: UserEvents,
) {
  return createActionsJob({
    db: t.app.db,
    clock,
    ledger: t.app.broker.ledger,
    market: {
      listing: (code) => t.app.market.listing(code),
      actionSchedule: (code, from, to) =>
        actions().filter((a) => a.code === code && a.exDate >= from && a.exDate <= to),
    },
    lastClose: () => BigInt(lastClose * 10_000),
    splitOrders: t.app.broker.trading.splitOrders,
    tax: t.app.broker.tax.book,
    nisa: t.app.broker.accounts.nisaBook,
    userEvents: {
      emit: (userId, event) => {
        emitted.push({ userId, type: event.type })
        forward?.emit(userId, event)
      },
    },
    settings: t.app.config.actions,
    everyMs: 3_600_000,
    onError: (error) => {
      throw error
    },
  })
}

/** A holding's row as stored. */
export const holdingRow = (t: TestApp, id: bigint) =>
  t.app.db.selectFrom('holdings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
/** What a holding row cost: its kept cost, else price × shares (rows from before the column). */
export const holdingCost = (r: { buy_cost: bigint | null; buy_price: bigint; stock_num: bigint }) =>
  r.buy_cost ?? r.buy_price * r.stock_num
