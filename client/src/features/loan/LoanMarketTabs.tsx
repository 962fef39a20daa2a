import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import type { MarketType } from '@kabu/shared/market/types'
import { useIntl } from 'react-intl'

const MARKETS: MarketType[] = ['jpy', 'usd', 'cny']

/** Which wallet the loan is in: each has its own limit, deposits and loans. */
export function LoanMarketTabs(props: { value: MarketType; onChange: (t: MarketType) => void }) {
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
          data-testid={`loan-market-${type}`}
        />
      ))}
    </Tabs>
  )
}
