import type { Currency } from '@kabu/shared/money/currencies'
import { createActions } from '../broker/actions/index'
import { createAssets } from '../broker/assets/index'
import type { ActionsJobDeps } from '../broker/actions/jobs'
import type { Ledger } from '../broker/ledger/index'
import type { BrokerDeps } from './broker-deps'
import { lastCloseBefore } from './last-close'

/**
 * What holders own, wired for createBroker: corporate actions reaching them (splits into holdings
 * and resting orders, dividends paid), and their net assets at market with each close's row. Both
 * run a job on the leader only.
 */
export function createHolders(
  deps: BrokerDeps & {
    ledger: Ledger
    splitOrders: ActionsJobDeps['splitOrders']
    tax: ActionsJobDeps['tax']
    nisa: ActionsJobDeps['nisa']
    fxRate: (from: Currency, to: Currency) => string
    logFailure: (what: string) => (error: unknown) => void
  },
) {
  const { db, clock, config, ledger, market } = deps
  const actions = createActions({
    db,
    clock,
    ledger,
    market,
    lastClose: lastCloseBefore(market),
    splitOrders: deps.splitOrders,
    tax: deps.tax,
    nisa: deps.nisa,
    userEvents: deps.userEvents,
    settings: config.actions,
    everyMs: config.actions.jobMs,
    onError: deps.logFailure('corporate actions pass failed'),
  })
  const assets = createAssets({
    db,
    clock,
    ledger,
    market,
    loanRateDaily: config.loans.rateDaily,
    rate: deps.fxRate,
    jobMs: config.assets.jobMs,
    onError: deps.logFailure('assets job pass failed'),
  })
  return { actions, assets }
}
