import Box from '@mui/material/Box'
import { useIntl } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { MarketTag } from '../../ui/price/MarketTag'
import { localName } from '../../ui/price/names'

/** The header title of a stock: its name, with the market and code under it. */
export function StockTitle({ quote }: { quote: Pick<Quote, 'code' | 'market' | 'name'> }) {
  const intl = useIntl()
  return (
    <Box component="span" sx={{ display: 'block', lineHeight: 1.2 }}>
      <Box component="span" sx={{ display: 'block' }} data-testid="stock-name">
        {localName(quote.name, intl.locale)}
      </Box>
      <Box
        component="span"
        sx={{
          display: 'inline-flex',
          gap: 0.5,
          alignItems: 'center',
          fontSize: 12,
          fontWeight: 400,
        }}
      >
        <MarketTag market={quote.market} />
        {quote.code}
      </Box>
    </Box>
  )
}
