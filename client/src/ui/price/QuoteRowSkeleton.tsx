import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'

/** Placeholder rows with the shape of `LiveQuoteRow` while a list loads. */
export function QuoteRowSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Box aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <Box
          key={i}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, minHeight: 60 }}
        >
          <Box sx={{ flex: 1 }}>
            <Skeleton width="60%" height={22} />
            <Skeleton width="30%" height={16} />
          </Box>
          <Skeleton width={80} height={24} />
          <Skeleton variant="rounded" width={76} height={28} />
        </Box>
      ))}
    </Box>
  )
}
