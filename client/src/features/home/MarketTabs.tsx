import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import type { Market } from '@kabu/shared/market/types'
import { MARKET_NAME } from '../../ui/price/MarketTag'
import { MARKETS } from '../../ui/price/names'

/** Japan / US / China tabs. */
export function MarketTabs({ value, onChange }: { value: Market; onChange: (m: Market) => void }) {
  return (
    <Tabs
      value={value}
      onChange={(_, next: Market) => onChange(next)}
      variant="fullWidth"
      sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
    >
      {MARKETS.map((market) => (
        <Tab
          key={market}
          value={market}
          label={MARKET_NAME[market]}
          data-testid={`market-tab-${market}`}
          sx={{ minHeight: 40 }}
        />
      ))}
    </Tabs>
  )
}
