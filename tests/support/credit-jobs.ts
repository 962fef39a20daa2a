import type { Quote } from '@kabu/shared/market/types'
import { createCreditJobs } from '../../gateway/src/broker/trading/credit-jobs'
import type { TestApp } from './app'

type Emit = Parameters<typeof createCreditJobs>[0]['userEvents']['emit']

/**
 * The stock-credit job as the app builds it, but reading each code's price through `price` (the
 * real quote's otherwise): a test moves the market a credit position or a short sees, and runs a
 * pass with runOnce. Its errors are thrown, not logged.
 *
 * @example creditJobsAt(t.app, (quote) => quote.price * 0.8).runOnce()
 */
export function creditJobsAt(
  app: TestApp['app'],
  price: (quote: Quote) => number,
  emit: Emit = () => undefined,
) {
  return createCreditJobs({
    db: app.db,
    clock: app.clock,
    ledger: app.broker.ledger,
    tax: app.broker.tax.book,
    settings: app.config.trading,
    messages: app.broker.messages,
    nisa: app.broker.accounts.nisaBook,
    market: {
      snapshot: (code) => {
        const quote = app.market.snapshot(code)
        return quote && { ...quote, price: price(quote) }
      },
    },
    userEvents: { emit },
    everyMs: 3_600_000,
    onError: (error) => {
      throw error
    },
  })
}
