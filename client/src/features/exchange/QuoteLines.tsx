import type { Currency } from '@kabu/shared/money/currencies'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { formatMoney } from '../../ui/money'
import type { ExchangeQuote } from './quote'

/** Rate, spread (as a percentage) and what the amount buys, before anything is confirmed. */
export function QuoteLines({
  quote,
  from,
  to,
}: {
  quote: ExchangeQuote
  from: Currency
  to: Currency
}) {
  const intl = useIntl()
  // The spread has at most four decimals (FX_SPREAD), so ×100 is exact in 1/10,000 units.
  const spread = parseUnits(quote.spread)
  const percent = spread === null ? quote.spread : formatUnits(spread * 100n)
  return (
    <Stack spacing={0.5} data-testid="exchange-quote">
      <Typography variant="body2">
        <FormattedMessage id="mine.exchange.rate" values={{ from, to, rate: quote.rate }} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="mine.exchange.spread" values={{ percent }} />
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="exchange-got">
        <FormattedMessage
          id="mine.exchange.got"
          values={{ amount: quote.got === null ? '—' : formatMoney(quote.got, to, intl.locale) }}
        />
      </Typography>
    </Stack>
  )
}
