import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** A section heading with something on its right (a status, a "more" link). */
export function SectionTitle({ title, right }: { title: ReactNode; right?: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 2, pb: 1 }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {right}
    </Stack>
  )
}
