import type { Kysely } from 'kysely'
import {
  RANGE_DAYS,
  type AssetPoint,
  type AssetRange,
  type AssetsAnswer,
  type AssetsType,
} from '@kabu/shared/api/assets'
import { costView, dayChange, netAssets } from '@kabu/shared/assets'
import { addDays } from '@kabu/shared/market/iso-date'
import { localDate } from '@kabu/shared/market/time-zone'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type Market } from '@kabu/shared/market/types'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits, mulRate, roundUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import * as q from './assets.sql'
import { partsOf, type PriceOf, type ValuationDeps } from './valuation'

export interface AssetsDeps extends ValuationDeps {
  db: Kysely<Database>
  clock: Clock
  prices: PriceOf
  /** The reference (mid) rate of `/user/exchangeRates`: units of `to` per unit of `from`. */
  rate: (from: Currency, to: Currency) => string
}

const MARKETS: Market[] = ['jp', 'us', 'cn']
// A converted figure is shown in yen, whose smallest unit is one yen.
const toYen = (units: bigint, rate: string) => roundUnits(mulRate(units, rate), 10_000n)
const FIGURES = [
  'net',
  'available',
  'frozen',
  'marketValue',
  'pnl',
  'products',
  'daytrade',
  'liabilities',
  'prevNet',
  'prevDeposits',
  'deposits',
  'total',
  'frozenAssets',
  'ccsz',
  'fdyk',
] as const
type Figures = Record<(typeof FIGURES)[number], bigint>

/**
 * Valuation (issue 36): net assets at market from the ledger's books and the last prices
 * (shared/src/assets.ts netAssets), the day's change against the previous close's row of the
 * close job, spec §7's cost view beside them, and the history of closes. `type=all` adds the three
 * wallets in yen at the reference rate.
 */
export function createAssetsService(deps: AssetsDeps) {
  const { db, clock } = deps

  async function figures(userId: bigint, market: Market, now: number): Promise<Figures> {
    const currency = CURRENCY_OF_MARKET[market]
    return db.transaction().execute(async (trx) => {
      const parts = await partsOf(trx, deps, userId, currency, deps.prices, now)
      const value = netAssets(parts)
      const cost = costView(parts)
      const previous = await q.closeBefore(trx, userId, currency, localDate(market, now))
      return {
        net: value.netAssets,
        available: parts.cashAvailable,
        frozen: parts.cashFrozen,
        marketValue: value.marketValue,
        pnl: value.unrealizedPnl,
        products: parts.products,
        daytrade: value.daytradeValue,
        liabilities: parts.liabilities,
        // No close yet: the change is counted from the account's start (nothing, nothing in).
        prevNet: previous?.net_assets ?? 0n,
        prevDeposits: previous?.net_deposits ?? 0n,
        deposits: parts.netDeposits,
        total: cost.totalAssets,
        frozenAssets: cost.frozen,
        ccsz: cost.holdingsValue,
        fdyk: cost.floatingPnl,
      }
    })
  }

  const inYen = (f: Figures, currency: Currency): Figures => {
    if (currency === 'JPY') return f
    const rate = deps.rate(currency, 'JPY')
    return Object.fromEntries(FIGURES.map((k) => [k, toYen(f[k], rate)])) as Figures
  }

  async function assets(userId: bigint, type: AssetsType): Promise<AssetsAnswer> {
    const now = clock.now()
    const markets = type === 'all' ? MARKETS : [MARKET_OF_TYPE[type]]
    const currency: Currency = type === 'all' ? 'JPY' : CURRENCY_OF_MARKET[markets[0]!]
    const each: Figures[] = []
    // One wallet after another: SQLite has one connection, and each read is its own snapshot.
    for (const m of markets) each.push(inYenIf(type, await figures(userId, m, now), m))
    const f = Object.fromEntries(
      FIGURES.map((k) => [k, each.reduce((sum, x) => sum + x[k], 0n)]),
    ) as Figures
    const day = dayChange(
      { net: f.net, deposits: f.deposits },
      { net: f.prevNet, deposits: f.prevDeposits },
    )
    const s = formatUnits
    return {
      currency,
      net_assets: s(f.net),
      cash_available: s(f.available),
      cash_frozen: s(f.frozen),
      market_value: s(f.marketValue),
      unrealized_pnl: s(f.pnl),
      products_value: s(f.products),
      daytrade_value: s(f.daytrade),
      liabilities: s(f.liabilities),
      day_change: s(day.change),
      day_change_pct: day.percent,
      at: now,
      spec7: {
        total_assets: s(f.total),
        frozen_assets: s(f.frozenAssets),
        ccsz: s(f.ccsz),
        fdyk: s(f.fdyk),
      },
    }
  }

  const inYenIf = (type: AssetsType, f: Figures, m: Market) =>
    type === 'all' ? inYen(f, CURRENCY_OF_MARKET[m]) : f

  async function history(userId: bigint, type: AssetsType, range: AssetRange) {
    const now = clock.now()
    const markets = type === 'all' ? MARKETS : [MARKET_OF_TYPE[type]]
    const byDate = new Map<string, { net: bigint; deposits: bigint }>()
    for (const m of markets) {
      const currency = CURRENCY_OF_MARKET[m]
      const from = range === 'all' ? null : addDays(localDate(m, now), -RANGE_DAYS[range])
      const rate = type === 'all' && currency !== 'JPY' ? deps.rate(currency, 'JPY') : '1'
      for (const row of await q.closesSince(db, userId, currency, from)) {
        const point = byDate.get(row.date) ?? { net: 0n, deposits: 0n }
        point.net += toYen(row.net_assets, rate)
        point.deposits += toYen(row.net_deposits, rate)
        byDate.set(row.date, point)
      }
    }
    return [...byDate.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, p]): AssetPoint => ({
        date,
        net_assets: formatUnits(p.net),
        net_deposits: formatUnits(p.deposits),
      }))
  }

  return { assets, history }
}

export type AssetsService = ReturnType<typeof createAssetsService>
