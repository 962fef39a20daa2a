import type { Market } from '@kabu/shared/market/types'
import { MARKET_NAME } from '../../ui/price/MarketTag'
import { MARKETS } from '../../ui/price/names'
import { SegmentTabs } from '../../ui/SegmentTabs'
import { memo } from 'react'

const TABS = MARKETS.map((market) => ({
  value: market,
  label: MARKET_NAME[market],
  testId: `market-tab-${market}`,
}))

/** Japan / US / China tabs. */
export const MarketTabs = memo(function MarketTabs({
  value,
  onChange,
}: {
  value: Market
  onChange: (m: Market) => void
}) {
  return <SegmentTabs value={value} onChange={onChange} tabs={TABS} dense />
})
