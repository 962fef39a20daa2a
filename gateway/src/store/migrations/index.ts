import type { Migration, MigrationProvider } from 'kysely'
import type { StoreKind } from '../database'
import { accounts } from './0001-accounts'
import { ledger } from './0002-ledger'
import { ops } from './0003-ops'
import { identity } from './0004-identity'
import { funds } from './0005-funds'
import { trading } from './0006-trading'
import { loans } from './0007-loans'
import { news } from './0008-news'
import { watchlistOrder } from './0009-watchlist-order'
import { houseShards } from './0010-house-shards'
import { sessionNotices } from './0011-session-notices'
import { sellOrderedAt } from './0012-sell-ordered-at'
import { ipo } from './0013-ipo'
import { block } from './0014-block'
import { ledgerBooks } from './0015-ledger-books'
import { products } from './0016-products'
import { daytrade } from './0017-daytrade'
import { credit } from './0018-credit'
import { ipoWithdrawn } from './0019-ipo-withdrawn'
import { support } from './0020-support'
import { loginFailures } from './0021-login-failures'
import { selfFreezes } from './0022-self-freezes'
import { secondFactor } from './0023-second-factor'
import { operators } from './0024-operators'
import { operatorFactors } from './0025-operator-factors'
import { saleStampDuty } from './0026-sale-stamp-duty'
import { ipoLapsed } from './0027-ipo-lapsed'
import { orders } from './0028-orders'
import { orderIds } from './0029-order-ids'
import { orderTriggers } from './0030-order-triggers'
import { holdingCost } from './0031-holding-cost'
import { shortSide } from './0032-short-side'
import { freezeNotices } from './0033-freeze-notices'
import { assetHistory } from './0034-asset-history'
import { corporateActions } from './0036-corporate-actions'
import { holdingAccounts } from './0037-accounts'
import { dividendsByAccount } from './0038-dividends-by-account'
import { tax } from './0039-tax'
import { alerts } from './0041-alerts'
import { notifications } from './0042-notifications'
import { taxSeq } from './0045-tax-seq'
import { taxFxRate } from './0046-tax-fx-rate'
import { holdingBoughtBy } from './0047-holding-bought-by'
import { orderPartialIndexes } from './0048-order-partial-indexes'
import { boughtByBackfill } from './0049-bought-by-backfill'
import { holdingsOpen } from './0050-holdings-open'

/**
 * Every migration, in order, listed in code rather than found by scanning a folder, so they run the
 * same under tsx, a bundle or a test runner. Append new ones; never edit one that has shipped.
 */
const MIGRATIONS: ReadonlyArray<[name: string, build: (kind: StoreKind) => Migration]> = [
  ['0001-accounts', accounts],
  ['0002-ledger', ledger],
  ['0003-ops', ops],
  ['0004-identity', identity],
  ['0005-funds', funds],
  ['0006-trading', trading],
  ['0007-loans', loans],
  ['0008-news', news],
  ['0009-watchlist-order', watchlistOrder],
  ['0010-house-shards', houseShards],
  ['0011-session-notices', sessionNotices],
  ['0012-sell-ordered-at', sellOrderedAt],
  ['0013-ipo', ipo],
  ['0014-block', block],
  ['0015-ledger-books', ledgerBooks],
  ['0016-products', products],
  ['0017-daytrade', daytrade],
  ['0018-credit', credit],
  ['0019-ipo-withdrawn', ipoWithdrawn],
  ['0020-support', support],
  ['0021-login-failures', loginFailures],
  ['0022-self-freezes', selfFreezes],
  ['0023-second-factor', secondFactor],
  ['0024-operators', operators],
  ['0025-operator-factors', operatorFactors],
  ['0026-sale-stamp-duty', saleStampDuty],
  ['0027-ipo-lapsed', ipoLapsed],
  ['0028-orders', orders],
  ['0029-order-ids', orderIds],
  ['0030-order-triggers', orderTriggers],
  ['0031-holding-cost', holdingCost],
  ['0032-short-side', shortSide],
  ['0033-freeze-notices', freezeNotices],
  ['0034-asset-history', assetHistory],
  ['0036-corporate-actions', corporateActions],
  ['0037-accounts', holdingAccounts],
  ['0038-dividends-by-account', dividendsByAccount],
  ['0039-tax', tax],
  ['0041-alerts', alerts],
  ['0042-notifications', notifications],
  ['0045-tax-seq', taxSeq],
  ['0046-tax-fx-rate', taxFxRate],
  ['0047-holding-bought-by', holdingBoughtBy],
  ['0048-order-partial-indexes', orderPartialIndexes],
  ['0049-bought-by-backfill', boughtByBackfill],
  ['0050-holdings-open', holdingsOpen],
]

export function migrationProvider(kind: StoreKind): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(MIGRATIONS.map(([name, build]) => [name, build(kind)])),
  }
}
