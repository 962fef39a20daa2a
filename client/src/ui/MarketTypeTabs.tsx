import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import type { MarketType } from '@kabu/shared/market/types'
import { useIntl } from 'react-intl'

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
    <Tabs
      value={props.value}
      onChange={(_, v: MarketType) => props.onChange(v)}
      variant="fullWidth"
    >
      {MARKETS.map((type) => (
        <Tab
          key={type}
          value={type}
          label={intl.formatMessage({ id: `mine.market.${type}` })}
          data-testid={`${props.testIdPrefix}${type}`}
        />
      ))}
    </Tabs>
  )
}
