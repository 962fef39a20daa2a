import { ratePercent, type Product } from '@kabu/shared/api/follow'
import Chip from '@mui/material/Chip'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'

/** One product in the list: name and issuer, daily rate, minimum, lock-up, deadline, room left. */
export function ProductRow({ product }: { product: Product }) {
  const intl = useIntl()
  const money = (value: string) => formatMoney(value, product.currency, intl.locale)
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={`/home/follow?id=${product.id}`}
        divider
        data-testid={`follow-product-${product.id}`}
      >
        <Stack sx={{ flex: 1, gap: 0.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{localName(product.name, intl.locale)}</Typography>
            <Typography sx={{ fontWeight: 600 }} color="error.main">
              <FormattedMessage
                id="home.follow.dailyRateValue"
                values={{ rate: ratePercent(product.daily_rate) }}
              />
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {product.issuer}
            {product.simulated && (
              <Chip
                size="small"
                sx={{ ml: 1 }}
                label={<FormattedMessage id="home.follow.simulated" />}
              />
            )}
            {product.phase !== 'open' && (
              <Chip
                size="small"
                sx={{ ml: 1 }}
                label={<FormattedMessage id={`home.follow.phase.${product.phase}`} />}
              />
            )}
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="caption" color="text.secondary">
              <FormattedMessage id="home.follow.min" /> {money(product.min)} ·{' '}
              <FormattedMessage id="home.follow.lockDays" />{' '}
              <FormattedMessage
                id="home.follow.lockDaysValue"
                values={{ days: product.lock_days }}
              />
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <FormattedMessage id="home.follow.deadline" />{' '}
              <FormattedDate value={product.deadline} month="numeric" day="numeric" />
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            <FormattedMessage id="home.follow.remaining" /> {money(product.remaining)}
          </Typography>
        </Stack>
      </ListItemButton>
    </ListItem>
  )
}
