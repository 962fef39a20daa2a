import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import { annualReportRequest, taxSummaryRequest } from '@kabu/shared/api/tax'
import type { Database } from '../../store/index'
import type { BrokerArea } from '../common/broker-area'
import type { BrokerCalls } from '../common/broker-calls'
import type { Ledger } from '../ledger/index'
import type { FxSource } from '../../market/fx'
import { reportCsv, reportHtml, reportRows } from './annual-report'
import { createTaxBook } from './book'
import { summaryOf } from './summary'
import { eventsOf } from './tax.sql'
import { taxKindOf } from './taxable'

/**
 * The taxable account's tax (issue 36): the TaxBook trading and corporate actions write through
 * (book.ts), and the user's reads of it, `/user/taxSummary` and `/user/annualReport`.
 */
export function createTax(deps: { db: Kysely<Database>; ledger: Ledger; fx: FxSource }) {
  const { db } = deps
  const book = createTaxBook(deps)

  /** The year's events and the account's kind: the one it had then, else the one it has now. */
  async function yearOf(userId: bigint, year: number) {
    const events = await eventsOf(db, userId, year)
    const last = events.at(-1)
    const account = last ? (last.account as Awaited<ReturnType<typeof taxKindOf>>) : null
    return { events, account: account ?? (await taxKindOf(db, userId)) }
  }

  const routes: BrokerCalls = (r) => {
    r.authed('/user/taxSummary', taxSummaryRequest, async ({ input, user }) => {
      const { events, account } = await yearOf(user.userId, input.year)
      return ok(summaryOf(input.year, account, events))
    })
    r.authedFile('/user/annualReport', annualReportRequest, async ({ input, user }) => {
      const { events, account } = await yearOf(user.userId, input.year)
      const lang = input.lang ?? 'ja'
      const rows = reportRows(events, account, lang)
      const name = `annual-report-${user.account}-${input.year}`
      if (input.format === 'csv') {
        return {
          filename: `${name}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: reportCsv(rows),
        }
      }
      const meta = { year: input.year, account, holder: user.account, lang }
      return {
        filename: `${name}.html`,
        contentType: 'text/html; charset=utf-8',
        body: reportHtml(rows, meta),
      }
    })
  }
  const area: BrokerArea = { name: 'tax', routes }
  return { book, area }
}
