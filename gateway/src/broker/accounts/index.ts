import type { BrokerArea } from '../common/broker-area'
import { createNisaBook } from './nisa-book'
import { accountsRoutes } from './routes'
import { createAccountsService, type AccountsDeps } from './service'

/**
 * Accounts (issue 36 point 3): the taxable kind and the NISA account on /api/vue, and the NISA
 * book trading moves in its own transactions (the `NisaBook` port of common/nisa-book.ts).
 */
export function createAccounts(deps: AccountsDeps) {
  const service = createAccountsService(deps)
  const nisaBook = createNisaBook()
  const area: BrokerArea = { name: 'accounts', routes: accountsRoutes(service) }
  return { service, nisaBook, area }
}
