import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'

/** One labelled figure of an assets card: the label small, the amount below it. */
export function AssetFigure({
  labelId,
  testId,
  children,
}: {
  labelId: string
  testId: string
  children: ReactNode
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        <FormattedMessage id={labelId} />
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap data-testid={testId}>
        {children}
      </Typography>
    </Box>
  )
}
