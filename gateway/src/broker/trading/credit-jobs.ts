import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import { CREDIT_RULES, dailyBorrowFee, dailyInterest } from '@kabu/shared/market/credit'
import { addDays } from '@kabu/shared/market/iso-date'
import { localDate } from '@kabu/shared/market/time-zone'
import type { Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import { formatAmount } from '@kabu/shared/money/format'
import type { Clock } from '../../clock'
import type { TradingSettings } from '../../config'
import type { MarketService } from '../../market/index'
import type { Database } from '../../store/index'
import type { Messages } from '../common/messages'
import { periodicJob } from '../common/periodic-job'
import type { NisaBook } from '../common/nisa-book'
import type { UserEvents } from '../common/user-events'
import { type Ledger, interestPostings } from '../ledger/index'
import { callDue, isBelow } from './credit-standing'
import * as c from './credit.sql'
import { unitsOf } from './order-rules'
import { closeHolding } from './settle'
import { closeShort } from './short-settle'
import { costOf, holdingById, type HoldingRow } from './trading.sql'
import type { TaxBook } from '../common/tax-book'

const DAY = 86_400_000

export interface CreditJobDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  market: Pick<MarketService, 'snapshot'>
  settings: TradingSettings
  messages: Messages
  userEvents: UserEvents
  /** Settlements carry it; a credit position is never in NISA, so a liquidation never calls it. */
  nisa: NisaBook
  tax: TaxBook
  everyMs: number
  onError: (error: unknown) => void
}

type CallStep = 'called' | 'met' | 'liquidated'

/**
 * What the clock and the market do to credit positions, one pass at a time (shared/market/credit.ts
 * states each rule): every calendar day's interest (a short's borrow fee) becomes a ledger line
 * and part of the debt; a
 * position below the maintenance ratio gets a margin call with its deadline, a call the ratio no
 * longer needs is lifted, and a call still unmet at its deadline closes the position at the last
 * price (a short is bought back), the debt repaid first. Every step is guarded by the debt it read, so a second gateway or
 * a racing sale changes nothing twice.
 */
export function createCreditJobs(deps: CreditJobDeps) {
  const { db, clock, ledger } = deps

  /** Accrues the days from the one after `interest_through` (or the buy) to today, in order. */
  async function accrue(h: HoldingRow, now: number): Promise<HoldingRow> {
    const market = h.market as Market
    const today = localDate(market, now)
    let row = h
    let date = row.interest_through ?? localDate(market, Number(row.buy_time ?? row.created_at))
    while (date < today) {
      date = addDays(date, 1)
      // A short's borrow fee is on its proceeds; a credit buy's interest on what it owes.
      const short = row.side === 'short'
      const interest = short
        ? dailyBorrowFee(costOf(row), deps.settings.borrowFeeRate, market)
        : dailyInterest(row.credit_debt, market)
      const day = date
      const current = row
      const done = await db.transaction().execute(async (trx) => {
        if (interest === 0n) return c.markAccruedThrough(trx, current.id, day).then(() => true)
        if (!(await c.accrueDay(trx, current, day, interest, now))) return false
        await ledger.post(trx, {
          kind: short ? 'credit_borrow_fee' : 'credit_interest',
          userId: current.user_id,
          orderNo: current.order_no,
          postings: interestPostings(current.user_id, current.currency as Currency, interest),
        })
        return true
      })
      const fresh = await holdingById(db, h.id)
      if (!done || !fresh) return fresh ?? row
      row = fresh
    }
    return row
  }

  /** The step's write and the user's message in one transaction, then the `/user` event. */
  async function step(
    h: HoldingRow,
    name: CallStep,
    write: (trx: Kysely<Database>) => Promise<boolean>,
    params: Record<string, string>,
    deadline: number | null,
    /** The call's amount as the event carries it (a wire decimal; the message's is for reading). */
    amount?: bigint,
  ): Promise<void> {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await write(trx))) return false
      await deps.messages.send(trx, {
        userId: h.user_id,
        title: `credit.${name}.title`,
        summary: `credit.${name}.summary`,
        params: { code: h.code, order_no: h.order_no, currency: h.currency, ...params },
      })
      return true
    })
    if (done) {
      deps.userEvents.emit(h.user_id, {
        type: 'credit:call',
        id: String(h.id),
        status: name,
        deadline,
        ...(amount === undefined ? {} : { amount: formatUnits(amount) }),
      })
    }
  }

  async function watch(h: HoldingRow, now: number): Promise<void> {
    const quote = deps.market.snapshot(h.code)
    if (!quote) return
    const last = unitsOf(quote.price)
    const value = last * h.stock_num
    const below = isBelow(h, value)
    if (below && h.call_deadline === null) {
      const deadline = now + CREDIT_RULES.callDays * DAY
      const due = callDue(h, value)
      const params = {
        amount: formatAmount(due, h.currency),
        deadline: new Date(deadline).toISOString(),
      }
      await step(h, 'called', (trx) => c.setCall(trx, h, deadline), params, deadline, due)
    } else if (!below && h.call_deadline !== null) {
      await step(h, 'met', (trx) => c.setCall(trx, h, null), {}, null)
    } else if (below && h.call_deadline !== null && now >= Number(h.call_deadline)) {
      const from = Number(h.status) === HOLDING.closing ? HOLDING.closing : HOLDING.holding
      const settlement = (trx: Kysely<Database>) => ({ ...deps, db: trx, ledger })
      // A short is bought back at the last price; a credit buy sold, its debt repaid first.
      const close = (trx: Kysely<Database>) =>
        h.side === 'short'
          ? closeShort(settlement(trx), h, last, now)
          : closeHolding(settlement(trx), h, from, last, now)
      await step(h, 'liquidated', close, { price: formatAmount(last, h.currency) }, null)
    }
  }

  async function pass(): Promise<void> {
    const now = clock.now()
    for (const position of await c.owingPositions(db)) {
      const h = await accrue(position, now)
      const open = Number(h.status) !== HOLDING.closed
      if (open && (h.credit_debt > 0n || h.side === 'short')) await watch(h, now)
    }
  }

  return periodicJob(pass, deps)
}

export type CreditJobs = ReturnType<typeof createCreditJobs>
