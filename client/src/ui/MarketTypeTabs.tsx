import type { MarketType } from '@kabu/shared/market/types'
import { useIntl } from 'react-intl'
import { SegmentTabs } from './SegmentTabs'

const MARKETS: MarketType[] = ['jpy', 'usd', 'cny']

/**
 * Which market (the API's `type`, and so which wallet) a screen works on. Money, loan and positions
 * screens share it; each keeps its own test id prefix (`market-`, `loan-market-`, `position-market-`).
 * `of="wallet"` names the tabs by currency (JPY, USD, CNY): money screens move a currency, and
 * 日本株 on a deposit read as "Japanese stocks" to a tester (issue 34 item 16).
 */
export function MarketTypeTabs(props: {
  value: MarketType
  onChange: (type: MarketType) => void
  testIdPrefix: string
  of?: 'market' | 'wallet'
}) {
  const intl = useIntl()
  return (
    <SegmentTabs
      value={props.value}
      onChange={props.onChange}
      tabs={MARKETS.map((type) => ({
        value: type,
        label: intl.formatMessage({
          id: props.of === 'wallet' ? `mine.wallet.${type}` : `mine.market.${type}`,
        }),
        testId: `${props.testIdPrefix}${type}`,
      }))}
    />
  )
}
