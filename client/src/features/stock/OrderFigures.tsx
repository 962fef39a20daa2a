import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'

export interface FigureRow {
  labelId: string
  value: string | null
  testId: string
  strong?: boolean
}

/** Label-value rows of money (decimal strings), right-aligned, formatted in the wallet currency. */
export function OrderFigures({ rows, currency }: { rows: FigureRow[]; currency: string }) {
  const intl = useIntl()
  return (
    <Stack spacing={0.5}>
      {rows.map((row) => (
        <Stack key={row.labelId} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id={row.labelId} />
          </Typography>
          <Typography
            variant="body2"
            data-testid={row.testId}
            sx={{ fontWeight: row.strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatMoney(row.value, currency, intl.locale)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  )
}
