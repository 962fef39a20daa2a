import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'

/** One line of a confirmation: a translated label on the left, its figure on the right. */
export interface FigureRow {
  labelId: string
  value: ReactNode
  testId?: string
}

/** The label/figure lines a confirmation shows before money moves (funds, sells). */
export function FigureRows({ rows }: { rows: readonly FigureRow[] }) {
  return rows.map((row) => (
    <Stack key={row.labelId} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id={row.labelId} />
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, textAlign: 'right' }}
        data-testid={row.testId}
      >
        {row.value}
      </Typography>
    </Stack>
  ))
}
