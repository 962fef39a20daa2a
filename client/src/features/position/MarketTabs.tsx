import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import type { MarketType } from '@kabu/shared/market/types'
import { useIntl } from 'react-intl'

const MARKETS: MarketType[] = ['jpy', 'usd', 'cny']

/** Which market's holdings and wallet the Positions tab shows (the API's `type`). */
export function MarketTabs({
  value,
  onChange,
}: {
  value: MarketType
  onChange: (type: MarketType) => void
}) {
  const intl = useIntl()
  return (
    <Tabs value={value} onChange={(_, v: MarketType) => onChange(v)} variant="fullWidth">
      {MARKETS.map((type) => (
        <Tab
          key={type}
          value={type}
          label={intl.formatMessage({ id: `mine.market.${type}` })}
          data-testid={`position-market-${type}`}
        />
      ))}
    </Tabs>
  )
}
