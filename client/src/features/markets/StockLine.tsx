import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Typography from '@mui/material/Typography'
import Box from '@mui/material/Box'
import type { SummaryStock } from '@kabu/shared/market/summary'
import type { Market, Quote } from '@kabu/shared/market/types'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { Change } from '../../ui/price/Change'
import { localName } from '../../ui/price/names'
import { Price } from '../../ui/price/Price'
import { useOpenStock } from '../../ui/price/use-open-stock'

/**
 * A stock as the summary saw it (a snapshot, not live: the page is a report of one moment), with
 * an extra figure on the right; a tap opens its detail.
 */
export function StockLine({
  stock,
  market,
  kind = 'stock',
  extra,
}: {
  stock: SummaryStock
  market: Market
  kind?: Quote['kind']
  extra?: ReactNode
}) {
  const intl = useIntl()
  const open = useOpenStock()
  // The summary carries the percent only; its sign is all the colour needs.
  const direction = stock.changePct
  return (
    <ListItem disablePadding>
      <ListItemButton
        divider
        onClick={() => open({ code: stock.code, market, kind, name: stock.name })}
        data-testid={`markets-stock-${stock.code}`}
        sx={{ gap: 1.5, minHeight: 56 }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {localName(stock.name, intl.locale)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            {stock.code}
            {extra && <> · {extra}</>}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Price value={stock.price} market={market} kind={kind} change={direction} fontSize={15} />
          <Typography variant="caption" component="div">
            <Change
              change={direction}
              changePct={stock.changePct}
              market={market}
              kind={kind}
              price={stock.price}
              variant="pct"
            />
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  )
}
