import AddIcon from '@mui/icons-material/Add'
import RemoveIcon from '@mui/icons-material/Remove'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'

/**
 * How many shares of a holding to sell: whole lots from one lot up to all of it, stepped with − and
 * + (no typing, so the number is always one the gateway accepts). Starts at all.
 */
export function SellQuantity({
  num,
  held,
  lot,
  disabled,
  onChange,
}: {
  num: number
  held: number
  lot: number
  disabled: boolean
  onChange: (num: number) => void
}) {
  const intl = useIntl()
  const step = (direction: 1 | -1) => {
    const next = num + direction * lot
    if (next >= lot && next <= held) onChange(next)
  }
  return (
    <Stack spacing={0.5} sx={{ pb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="stock.position.sellQuantity" />
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <IconButton
          onClick={() => step(-1)}
          disabled={disabled || num - lot < lot}
          aria-label={intl.formatMessage({ id: 'stock.order.decrease' })}
          data-testid="sell-num-down"
        >
          <RemoveIcon />
        </IconButton>
        <Typography variant="h6" data-testid="sell-num" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          <FormattedMessage id="stock.position.qty" values={{ n: intl.formatNumber(num) }} />
        </Typography>
        <IconButton
          onClick={() => step(1)}
          disabled={disabled || num + lot > held}
          aria-label={intl.formatMessage({ id: 'stock.order.increase' })}
          data-testid="sell-num-up"
        >
          <AddIcon />
        </IconButton>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        <FormattedMessage
          id="stock.position.sellRemaining"
          values={{ n: intl.formatNumber(held - num) }}
        />
      </Typography>
    </Stack>
  )
}
