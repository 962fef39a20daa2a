import { z } from 'zod'
import type { Currency } from '../money/currencies'

/**
 * Valuation (API.md "Assets, corporate actions, accounts and tax", issue 36): `/user/assets` and
 * `/user/assetHistory`. Money is decimal strings in the market's currency; with `type=all`, in
 * yen at the reference (mid) rate of `/user/exchangeRates`.
 */

/** A market's wallet, or every one of them in yen. */
export const assetsTypeSchema = z
  .enum(['jpy', 'usd', 'cny', 'all'], { error: 'invalid_input' })
  .default('jpy')
export type AssetsType = z.output<typeof assetsTypeSchema>

export const assetsRequest = z.object({ type: assetsTypeSchema })

export const ASSET_RANGES = ['1m', '3m', '6m', '1y', 'all'] as const
export type AssetRange = (typeof ASSET_RANGES)[number]

export const assetHistoryRequest = z.object({
  type: assetsTypeSchema,
  range: z.enum(ASSET_RANGES, { error: 'invalid_input' }).default('3m'),
})

/** Days each range reaches back from today; `all` has no bound. */
export const RANGE_DAYS: Record<Exclude<AssetRange, 'all'>, number> = {
  '1m': 31,
  '3m': 92,
  '6m': 183,
  '1y': 366,
}

/** Spec §7's figures (deriveAssets), kept as the cost view beside the market view. */
export interface Spec7Figures {
  total_assets: string
  frozen_assets: string
  ccsz: string
  fdyk: string
}

/** `data` of /user/assets. */
export interface AssetsAnswer {
  currency: Currency
  net_assets: string
  cash_available: string
  cash_frozen: string
  /** Longs at the last price; a short adds its proceeds less its cost to cover. */
  market_value: string
  unrealized_pnl: string
  products_value: string
  daytrade_value: string
  /** Loans, credit debt with its interest, borrow fees owed, loan interest accrued. */
  liabilities: string
  day_change: string
  /** Percent, two decimals: '1.25' for +1.25 %. */
  day_change_pct: string
  /** Epoch ms of the prices. */
  at: number
  spec7: Spec7Figures
}

/** One element of `data` of /user/assetHistory: a market close. */
export interface AssetPoint {
  /** The close's day in the market's own calendar, YYYY-MM-DD. */
  date: string
  net_assets: string
  /** Deposits less withdrawals (and exchanges in less out) since the account opened. */
  net_deposits: string
}
