import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import type { WireClosedHolding, WireHolding } from '@kabu/shared/api/trade'
import type { MarketType } from '@kabu/shared/market/types'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'
import { SignedMoney } from './SignedMoney'

const STATUS_COLOUR = ['success', 'warning', 'info', 'default', 'default'] as const

/** The status of a holding (API.md codes) as a small chip. */
export function StatusChip({ status }: { status: WireHolding['status'] }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOUR[status]}
      label={<FormattedMessage id={`stock.position.status.${status}`} />}
      data-testid="holding-status"
      data-status={status}
    />
  )
}

/** A short position's mark (売建 / 融券 / Short), beside its status wherever it is listed. */
export function ShortChip() {
  return (
    <Chip
      size="small"
      color="secondary"
      label={<FormattedMessage id="stock.position.side.short" />}
      data-testid="holding-side"
      data-side="short"
    />
  )
}

/** A holding in NISA's growth frame (its gains and Japanese dividends are tax-free). */
export function NisaChip() {
  return (
    <Chip
      size="small"
      color="primary"
      variant="outlined"
      label={<FormattedMessage id="mine.accounts.kind.nisa" />}
      data-testid="holding-nisa"
    />
  )
}

/** A list row that opens its detail: full width, divided from the next. */
export const ROW_LINK_SX = {
  display: 'block',
  width: '100%',
  textAlign: 'left',
  px: 2,
  py: 1.25,
  borderBottom: 1,
  borderColor: 'divider',
} as const

/** One row of the holdings or traded list; a tap opens its detail. */
export function HoldingRow({
  h,
  type,
  currency,
}: {
  h: WireHolding | WireClosedHolding
  type: MarketType
  currency: string
}) {
  const intl = useIntl()
  const money = (v: string) => formatMoney(v, currency, intl.locale)
  const sold = 'sell_price' in h && h.status === 4
  return (
    <ButtonBase
      component={RouterLink}
      to={`/position/info?type=${type}&id=${h.id}`}
      data-testid={`holding-${h.id}`}
      data-code={h.code}
      sx={ROW_LINK_SX}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }} noWrap>
          {localName(h.name, intl.locale)}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {h.code}
          </Typography>
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>
          {h.side === 'short' && <ShortChip />}
          {h.account === 'nisa' && <NisaChip />}
          <StatusChip status={h.status} />
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr auto',
          gap: 1.5,
          mt: 0.5,
          alignItems: 'baseline',
        }}
      >
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage
            id="stock.position.qty"
            values={{ n: intl.formatNumber(h.stock_num) }}
          />
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap data-testid="holding-prices">
          {money(h.buy_price)} → {money(sold ? (h as WireClosedHolding).sell_price : h.nowprice)}
        </Typography>
        <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600 }}>
          <SignedMoney value={h.yingkui} currency={currency} testId="holding-pnl" />
        </Typography>
      </Box>
    </ButtonBase>
  )
}
