import type { Kysely } from 'kysely'
import { accruedInterest } from '@kabu/shared/loans'
import { CURRENCY_OF_MARKET, type Market } from '@kabu/shared/market/types'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import { periodicJob } from '../common/periodic-job'
import { writeClose } from './close.sql'
import { lastClose } from './closes'
import type { PriceOf } from './valuation'

export interface CloseJobDeps {
  db: Kysely<Database>
  clock: Clock
  prices: PriceOf
  loanRateDaily: string
  everyMs: number
  onError: (error: unknown) => void
}

const MARKETS: Market[] = ['jp', 'us', 'cn']

/**
 * The leader's job writing each market's close (issue 36): once a close has passed, every user's
 * net assets and net deposits in that market's wallet, at the last prices, in one statement per
 * market (close.sql.ts). The (user, currency, date) key makes a second pass, a restart or an old
 * leader's overlapping pass write nothing twice; a close already written is remembered so the
 * statement runs once a close per gateway.
 */
export function createCloseJob(deps: CloseJobDeps) {
  const { db, clock } = deps
  const written = new Set<string>()

  async function writeMarket(market: Market, now: number): Promise<void> {
    const close = lastClose(market, now)
    const key = `${market}:${close.date}`
    if (written.has(key)) return
    const currency = CURRENCY_OF_MARKET[market]
    const codes = await db
      .selectFrom('holdings')
      .select('code')
      .distinct()
      .where('currency', '=', currency)
      .where('status', 'in', [0n, 1n])
      .union(db.selectFrom('daytrade_positions').select('code').distinct())
      .execute()
    const prices = codes.flatMap(({ code }) => {
      const units = deps.prices(code)
      return units === undefined ? [] : [{ key: code, amount: units }]
    })
    // Loan interest is owed from the payout on and booked only at repayment: computed here, as
    // the live figure computes it, for the few loans outstanding.
    const loans = await db
      .selectFrom('loans')
      .select(['user_id', 'amount', 'decided_at'])
      .where('currency', '=', currency)
      .where('status', '=', 1n)
      .where('decided_at', 'is not', null)
      .execute()
    const owed = loans.map((l) => ({
      key: String(l.user_id),
      amount: accruedInterest(l.amount, deps.loanRateDaily, Number(l.decided_at), now, currency),
    }))
    await writeClose(db, { currency, date: close.date, at: now }, prices, owed)
    written.add(key)
  }

  return periodicJob(
    async () => {
      const now = clock.now()
      for (const market of MARKETS) await writeMarket(market, now)
    },
    { ...deps, runAtStart: true },
  )
}
