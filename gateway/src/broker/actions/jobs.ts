import type { Kysely } from 'kysely'
import { addDays } from '@kabu/shared/market/iso-date'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { CURRENCY_OF_MARKET, type Market } from '@kabu/shared/market/types'
import { MINOR_DIGITS, type Currency } from '@kabu/shared/money/currencies'
import { parseUnits } from '@kabu/shared/money/decimal'
import { priceToUnits } from '@kabu/shared/money/units'
import {
  dividendRates,
  TAX_ACCOUNT_KINDS,
  type DividendRates,
  type Rate,
  type TaxAccountKind,
} from '@kabu/shared/tax/dividend-withholding'
import type { Clock } from '../../clock'
import type { ActionsSettings } from '../../config'
import type { ListedAction } from '../../market/action-schedule'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import { periodicJob } from '../common/periodic-job'
import type { SplitOrders } from '../common/split-orders'
import type { UserEvents } from '../common/user-events'
import type { Ledger } from '../ledger/index'
import type { NisaBook } from '../common/nisa-book'
import type { TaxBook } from '../common/tax-book'
import { createSteps } from './steps'
import { codesInPlay, doneSteps, duePayments } from './steps.sql'

const DAY = 86_400_000
const MARKETS: readonly Market[] = ['jp', 'us', 'cn']
/** How far back a pass still applies an ex-date: a leader down for days catches up. */
const LOOKBACK_DAYS = 10

export interface ActionsJobDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: Pick<MarketService, 'listing' | 'actionSchedule'>
  /** The last close before an ex-date (units): a reverse split's fraction is paid at it. */
  lastClose: (code: string, exDate: string) => bigint | undefined
  splitOrders: SplitOrders
  /**
   * The taxable account's books: a dividend's Japanese withholding by the holder's year, and a
   * reverse split's fraction sold for cash in lieu.
   */
  tax: TaxBook
  /** NISA's rooms: a reverse split's fraction of a NISA holding is a NISA sale. */
  nisa: NisaBook
  userEvents: UserEvents
  settings: ActionsSettings
  everyMs: number
  onError: (error: unknown) => void
}

/** The currency's smallest coin in units (¥1 = 10,000; 1¢ = 100). */
const coinOf = (currency: Currency) => 10n ** BigInt(4 - MINOR_DIGITS[currency])

const rateOf = (text: string) => ({ num: parseUnits(text) ?? 0n, den: 10_000n })

/** Every account's withholding of one dividend: the foreign tax at source is the same in each. */
const ratesByAccount = (foreign: Rate | null) =>
  Object.fromEntries(TAX_ACCOUNT_KINDS.map((k) => [k, dividendRates(k, foreign)])) as Record<
    TaxAccountKind,
    DividendRates
  >

/**
 * Corporate actions reaching holders, on the leader, a pass every `everyMs`: for every code held
 * (or sold since the lookback, or with working orders), each split whose ex-date has come is
 * applied and each dividend that has gone ex gets its holders of record; then every dividend whose
 * payment date has come is paid. Splits go before dividends of the same ex-date, as the market
 * applies them. Each step is guarded by its done-marker (steps.ts).
 */
export function createActionsJob(deps: ActionsJobDeps) {
  const { db, clock, settings } = deps
  const steps = createSteps(deps)

  async function exStep(action: ListedAction, now: number): Promise<void> {
    const key = `${action.code}:${action.exDate}`
    const market = action.market
    const currency = CURRENCY_OF_MARKET[market]
    const exStart = epochAtLocal(market, action.exDate, 0)
    if (action.kind === 'split' && action.ratio !== null) {
      const reverse = action.ratio < 1
      const lastClose = reverse ? deps.lastClose(action.code, action.exDate) : 0n
      if (lastClose === undefined) return
      const events = await steps.split(
        `split:${key}`,
        {
          action: key,
          code: action.code,
          exDate: action.exDate,
          exStart,
          ratio: String(action.ratio),
          num: reverse ? 1n : BigInt(Math.round(action.ratio)),
          den: reverse ? BigInt(Math.round(1 / action.ratio)) : 1n,
          lastClose,
        },
        currency,
        now,
      )
      for (const { userId, event } of events) deps.userEvents.emit(userId, event)
      return
    }
    // A dividend's cash is fixed when the market goes ex on it; until then there is nothing to record.
    if (action.kind !== 'dividend' || action.cash === null || action.payDate === null) return
    const foreign = market === 'jp' ? null : rateOf(settings.foreignTax[market])
    await steps.record(
      `record:${key}`,
      {
        action: key,
        code: action.code,
        market,
        currency,
        recordDate: action.recordDate,
        payDate: action.payDate,
        exStart,
        cash: BigInt(priceToUnits(action.cash)),
        rates: ratesByAccount(foreign),
        step: coinOf(currency),
      },
      now,
    )
  }

  async function pass(): Promise<void> {
    const now = clock.now()
    const codes = await codesInPlay(db, now - (LOOKBACK_DAYS + 1) * DAY)
    const due: ListedAction[] = []
    for (const code of codes) {
      const listing = deps.market.listing(code)
      if (!listing || listing.kind !== 'stock') continue
      const today = localDate(listing.market, now)
      const from = addDays(today, -LOOKBACK_DAYS)
      for (const action of deps.market.actionSchedule(code, from, today)) {
        if (action.exDate <= today) due.push(action)
      }
    }
    const order = (a: ListedAction) => `${a.exDate}${a.kind === 'split' ? 0 : 1}`
    due.sort((a, b) => (order(a) < order(b) ? -1 : 1))
    const stepOf = (a: ListedAction) =>
      `${a.kind === 'split' ? 'split' : 'record'}:${a.code}:${a.exDate}`
    const done = await doneSteps(db, due.map(stepOf))
    for (const action of due) if (!done.has(stepOf(action))) await exStep(action, now)
    for (const market of MARKETS) {
      const today = localDate(market, now)
      for (const { action, currency } of await duePayments(db, market, today)) {
        // Committed: each holder paid is told (a notification, issue 37).
        const paid = await steps.pay(`pay:${action}`, action, currency, now)
        for (const { userId, event } of paid) deps.userEvents.emit(userId, event)
      }
    }
  }

  return periodicJob(pass, { everyMs: deps.everyMs, onError: deps.onError, runAtStart: true })
}
