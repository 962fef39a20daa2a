import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** A section heading inside a summary page. */
export function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 0.5 }}>
      {children}
    </Typography>
  )
}
