import type { IpoOffer } from '@kabu/shared/api/ipo'
import Chip from '@mui/material/Chip'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'

/** One offer in a list: name and code, price, and the date that matters in its phase. */
export function OfferRow({ offer }: { offer: IpoOffer }) {
  const intl = useIntl()
  const date =
    offer.phase === 'pre'
      ? { id: 'home.ipo.offer.opens', at: offer.subscribe_start }
      : offer.phase === 'subscribing'
        ? { id: 'home.ipo.offer.deadline', at: offer.deadline }
        : { id: 'home.ipo.offer.lottery', at: offer.lottery_date }
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={`/home/newShareInfo?id=${offer.id}`}
        divider
        data-testid={`ipo-offer-${offer.id}`}
      >
        <Stack sx={{ flex: 1, gap: 0.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{localName(offer.name, intl.locale)}</Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {formatMoney(offer.price, offer.currency, intl.locale)}
            </Typography>
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {offer.code}
              {offer.withdrawn_at != null && (
                <Chip
                  size="small"
                  color="warning"
                  sx={{ ml: 1 }}
                  label={<FormattedMessage id="home.ipo.offer.withdrawn" />}
                  data-testid={`ipo-offer-withdrawn-${offer.id}`}
                />
              )}
              {offer.simulated && (
                <Chip
                  size="small"
                  sx={{ ml: 1 }}
                  label={<FormattedMessage id="home.ipo.offer.simulated" />}
                />
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id={date.id} />{' '}
              <FormattedDate
                value={date.at}
                month="numeric"
                day="numeric"
                hour="numeric"
                minute="2-digit"
              />
            </Typography>
          </Stack>
        </Stack>
      </ListItemButton>
    </ListItem>
  )
}
