import type { Market } from '@kabu/shared/market/types'
import { marketDays, validityDays } from '@kabu/shared/market/validity'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { useFeedStatus } from '../../realtime'
import { appConfig } from '../../state/app-config'

/** The longest validity when /common/config does not say (API.md: ORDER_GTD_DAYS, SBI's 15). */
const GTD_DAYS = 15

/**
 * The days the validity picker offers for `market`, the order's own trading day first: the same
 * days the gateway accepts (shared/market/validity.ts), in its calendar — the exchange's, or the
 * demo's every day — counted from the gateway's clock as the code's last print (`lastPrint`, epoch
 * ms) shows it, or this phone's.
 */
export function useValidityDays(market: Market, lastPrint = 0): string[] {
  const hours = useFeedStatus()?.hours ?? 'real'
  const config = useSnapshot(appConfig).values
  const max = Number(config?.order_gtd_days ?? GTD_DAYS) || GTD_DAYS
  // The clock as the ticket opened: a closed market's last print is older than today.
  const [opened] = useState(() => Date.now())
  const now = Math.max(lastPrint, opened)
  return validityDays(marketDays(market, hours), now, max)
}
