import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { TIME_ZONE } from '@kabu/shared/market/time-zone'
import { useFeedStatus } from '../../realtime'
import { QuoteChange } from '../../ui/price/QuoteChange'
import { QuotePrice } from '../../ui/price/QuotePrice'
import { priceFormatOptions } from '../../ui/price/format'

/**
 * The live price big, its change and percent, whether the exchange trades now (the demo's markets:
 * that they are open around the clock; or a TSE special quote instead of trading), and when it
 * last printed.
 */
export function QuoteHeadline({ quote, stale }: { quote: Quote; stale: boolean }) {
  const intl = useIntl()
  // The demo's simulated markets trade around the clock: "Trading" on a Sunday would read as real.
  // A code a real source feeds keeps its exchange's word.
  const feed = useFeedStatus()
  const aroundTheClock =
    feed?.hours === 'always' && !feed.realSources?.some((s) => s.codes.includes(quote.code))
  const lastPrint = intl.formatTime(quote.time, {
    timeZone: TIME_ZONE[quote.market],
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    // The exchange's clock, named: a New York quote read in Tokyo should not look like Tokyo time.
    timeZoneName: 'short',
  })
  return (
    <Stack sx={{ px: 2, pt: 2, pb: 1 }} spacing={0.5}>
      <QuotePrice quote={quote} stale={stale} testId="quote-price" fontSize={34} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body1" component="span" sx={{ fontWeight: 600 }}>
          <QuoteChange quote={quote} testId="quote-change" />
        </Typography>
        <Chip
          size="small"
          data-testid="quote-trading"
          color={quote.trading ? 'success' : 'default'}
          variant="outlined"
          label={
            quote.trading ? (
              <FormattedMessage id={aroundTheClock ? 'market.hours.always' : 'stock.trading'} />
            ) : (
              <FormattedMessage id="stock.closed" />
            )
          }
        />
        {quote.special && (
          <Chip
            size="small"
            color="warning"
            data-testid="quote-special"
            data-side={quote.special.side}
            label={
              <FormattedMessage
                id={`stock.special.${quote.special.side}`}
                values={{
                  price: intl.formatNumber(
                    quote.special.price,
                    priceFormatOptions(quote.market, quote.kind, quote.special.price),
                  ),
                }}
              />
            }
          />
        )}
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="stock.lastPrint" values={{ time: lastPrint }} />
        </Typography>
      </Stack>
      {quote.special && (
        <Typography variant="caption" color="warning.main" data-testid="quote-special-note">
          <FormattedMessage id="stock.special.note" />
        </Typography>
      )}
    </Stack>
  )
}
