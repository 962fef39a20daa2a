import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { CURRENCY_OF_MARKET, type Quote } from '@kabu/shared/market/types'
import { fetchActions } from '../../realtime/market-api'
import { useMarketQuery } from '../../realtime/use-market-query'
import { formatMoney } from '../../ui/money'
import { nextAction, ratioText } from './next-action'

/** The listing's next ex-date, its kind and ratio or cash, from the market's own schedule. */
export function NextExDate({ quote }: { quote: Quote }) {
  const intl = useIntl()
  const query = useMarketQuery(quote.code, (signal) => fetchActions(quote.code, signal))
  // Facts around it still show when the schedule cannot be read: this line simply stays away.
  if (!query.data) return null
  const next = nextAction(query.data)
  const date = next && intl.formatDate(next.ex_date, { dateStyle: 'medium', timeZone: 'UTC' })
  return (
    <Typography variant="body2" component="p" sx={{ pt: 1 }} data-testid="company-next-ex">
      <FormattedMessage id="stock.actions.next" />
      {': '}
      {!next ? (
        <FormattedMessage id="stock.actions.none" />
      ) : next.kind === 'split' ? (
        <FormattedMessage
          id="stock.actions.split"
          values={{ date, ratio: ratioText(next.ratio) }}
        />
      ) : next.cash_per_share === null ? (
        <FormattedMessage id="stock.actions.dividendPending" values={{ date }} />
      ) : (
        <FormattedMessage
          id="stock.actions.dividend"
          values={{
            date,
            cash: formatMoney(next.cash_per_share, CURRENCY_OF_MARKET[quote.market], intl.locale),
          }}
        />
      )}
    </Typography>
  )
}
