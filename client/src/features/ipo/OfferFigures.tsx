import type { IpoOffer } from '@kabu/shared/api/ipo'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedDate, FormattedNumber, useIntl } from 'react-intl'
import { FigureRows } from '../../ui/FigureRows'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'

const day = (at: number) => (
  <FormattedDate
    value={at}
    year="numeric"
    month="numeric"
    day="numeric"
    hour="numeric"
    minute="2-digit"
  />
)

/** The offer's facts (spec §3's labels): prices, limits, dates, underwriter, the business. */
export function OfferFigures({ offer }: { offer: IpoOffer }) {
  const intl = useIntl()
  const money = (value: string | null) =>
    value === null ? '—' : formatMoney(value, offer.currency, intl.locale)
  return (
    <Stack spacing={1} sx={{ p: 2 }} data-testid="ipo-figures">
      <FigureRows
        rows={[
          { labelId: 'home.ipo.field.price', value: money(offer.price) },
          { labelId: 'home.ipo.field.marketPrice', value: money(offer.market_price) },
          { labelId: 'home.ipo.field.lot', value: offer.lot },
          { labelId: 'home.ipo.field.upperLimit', value: offer.upper_limit },
          { labelId: 'home.ipo.field.lotsOffered', value: offer.lots_offered },
          { labelId: 'home.ipo.field.pe', value: offer.pe ?? '—' },
          { labelId: 'home.ipo.field.opens', value: day(offer.subscribe_start) },
          { labelId: 'home.ipo.field.deadline', value: day(offer.deadline) },
          { labelId: 'home.ipo.field.lottery', value: day(offer.lottery_date) },
          { labelId: 'home.ipo.field.allocation', value: day(offer.allocation_date) },
          { labelId: 'home.ipo.field.listing', value: day(offer.listing_date) },
          { labelId: 'home.ipo.field.underwriter', value: offer.underwriter },
          {
            labelId: 'home.ipo.field.winRate',
            value:
              offer.win_rate === null ? (
                '—'
              ) : (
                <FormattedNumber
                  value={Number(offer.win_rate)}
                  style="percent"
                  maximumFractionDigits={2}
                />
              ),
          },
        ]}
      />
      <Typography variant="body2" color="text.secondary">
        {localName(offer.summary, intl.locale)}
      </Typography>
    </Stack>
  )
}
