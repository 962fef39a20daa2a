import Alert from '@mui/material/Alert'
import { FormattedMessage, useIntl } from 'react-intl'
import type { MarketType } from '@kabu/shared/market/types'
import { formatMoney } from '../../ui/money'
import { useSplitNotes } from './use-split-notes'

/** What a split did to this holding: its shares before and after, and any cash in lieu. */
export function SplitNote({
  type,
  id,
  currency,
}: {
  type: MarketType
  id: string
  currency: string
}) {
  const intl = useIntl()
  const notes = useSplitNotes(type, id)
  return notes.map((s) => {
    const r = Number(s.ratio)
    const ratio = r >= 1 ? `${r}:1` : `1:${Math.round(1 / r)}`
    return (
      <Alert key={s.ex_date} severity="info" sx={{ mx: 2, my: 1 }} data-testid="holding-split-note">
        <FormattedMessage
          id="stock.position.split.note"
          values={{
            date: intl.formatDate(s.ex_date, { dateStyle: 'medium', timeZone: 'UTC' }),
            ratio,
            before: s.shares_before,
            after: s.shares_after,
          }}
        />
        {s.cash_in_lieu !== '0' && (
          <>
            {' '}
            <FormattedMessage
              id="stock.position.split.cash"
              values={{ cash: formatMoney(s.cash_in_lieu, currency, intl.locale) }}
            />
          </>
        )}
      </Alert>
    )
  })
}
