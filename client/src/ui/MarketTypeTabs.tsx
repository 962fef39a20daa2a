import type { MarketType } from '@kabu/shared/market/types'
import { useIntl } from 'react-intl'
import { SegmentTabs } from './SegmentTabs'

const MARKETS: MarketType[] = ['jpy', 'usd', 'cny']

/**
 * Which market (the API's `type`, and so which wallet) a screen works on. Money, loan and positions
 * screens share it; each keeps its own test id prefix (`market-`, `loan-market-`, `position-market-`).
 */
export function MarketTypeTabs(props: {
  value: MarketType
  onChange: (type: MarketType) => void
  testIdPrefix: string
}) {
  const intl = useIntl()
  return (
    <SegmentTabs
      value={props.value}
      onChange={props.onChange}
      tabs={MARKETS.map((type) => ({
        value: type,
        label: intl.formatMessage({ id: `mine.market.${type}` }),
        testId: `${props.testIdPrefix}${type}`,
      }))}
    />
  )
}
