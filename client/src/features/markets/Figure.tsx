import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** A labelled figure in a tile (a count, a total). */
export function Figure({
  label,
  value,
  color,
  testId,
}: {
  label: ReactNode
  value: ReactNode
  color?: string
  testId?: string
}) {
  return (
    <Box sx={{ p: 1.25, borderRadius: 2, bgcolor: 'action.hover' }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="div"
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', color }}
      >
        {value}
      </Typography>
    </Box>
  )
}

/** Tiles in rows of `columns`. */
export function Figures({ children, columns = 3 }: { children: ReactNode; columns?: number }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 1, px: 2, py: 1 }}
    >
      {children}
    </Box>
  )
}
