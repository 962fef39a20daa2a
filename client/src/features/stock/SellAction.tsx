import Button from '@mui/material/Button'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import type { WireHolding } from '@kabu/shared/api/trade'
import { CURRENCY_OF_MARKET, TYPE_OF_MARKET, type Market } from '@kabu/shared/market/types'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { formatMoney } from '../../ui/money'

/**
 * Sell beside Buy when the user holds the stock: it opens the holding's own screen, where its sell
 * (confirmation, quantity, limit, the lock's refusal) is the one Positions opens. Holdings bought
 * at different times are separate rows: the button then lists them to choose from.
 */
export function SellAction({ lots, market }: { lots: readonly WireHolding[]; market: Market }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const [menu, setMenu] = useState<HTMLElement | null>(null)
  if (lots.length === 0) return null
  const type = TYPE_OF_MARKET[market]
  const openLot = (id: string) => navigate(`/position/info?type=${type}&id=${id}`)
  return (
    <>
      <Button
        variant="outlined"
        size="large"
        sx={{ flex: 1 }}
        data-testid="stock-sell"
        aria-haspopup={lots.length > 1 ? 'menu' : undefined}
        onClick={(e) => (lots.length === 1 ? openLot(lots[0]!.id) : setMenu(e.currentTarget))}
      >
        <FormattedMessage id="stock.order.sell" />
      </Button>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {lots.map((lot) => (
          <MenuItem
            key={lot.id}
            onClick={() => openLot(lot.id)}
            data-testid={`stock-sell-${lot.id}`}
          >
            <FormattedMessage
              id="stock.order.sellLot"
              values={{
                n: intl.formatNumber(lot.stock_num),
                price: formatMoney(lot.buy_price, CURRENCY_OF_MARKET[market], intl.locale),
              }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
