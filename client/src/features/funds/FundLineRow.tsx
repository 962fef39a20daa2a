import type { FundLine } from '@kabu/shared/api/ledger'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { balanceLabelId } from './fund-records'

/**
 * One ledger line: kind, order number, signed amount, the balance after of the line's own book
 * (named: a hold's line says what is held, not "balance"), the time. Only lines of the available
 * book are coloured as money in or out; the others move money between the user's own books.
 */
export function FundLineRow({
  line,
  kindLabel,
}: {
  line: FundLine
  kindLabel: (kind: string) => string
}) {
  const intl = useIntl()
  const negative = line.money.startsWith('-')
  const colour = line.book !== 'available' ? 'text.secondary' : negative ? 'error' : 'success.main'
  return (
    <Stack spacing={0.25} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {kindLabel(line.kind)}
          {line.book !== 'available' && (
            <Typography component="span" variant="caption" color="text.secondary">
              {' '}
              (<FormattedMessage id={`mine.funds.book.${line.book}`} />)
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" color={colour} sx={{ fontWeight: 600 }}>
          {negative ? '' : '+'}
          {formatMoney(line.money, line.currency, intl.locale)}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          {line.order_no}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="records-balance">
          <FormattedMessage
            id={balanceLabelId(line.book)}
            values={{ amount: formatMoney(line.balance_after, line.currency, intl.locale) }}
          />
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        <FormattedDate value={line.created} dateStyle="medium" timeStyle="short" hourCycle="h23" />
      </Typography>
    </Stack>
  )
}
