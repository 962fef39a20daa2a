import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { parseUnits } from '@kabu/shared/money/decimal'
import { useId, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'

/** How full one room is, as a share of its limit (a display figure only, never money). */
export function filledPercent(used: string, limit: string): number {
  const u = parseUnits(used) ?? 0n
  const l = parseUnits(limit) ?? 0n
  if (l <= 0n) return 0
  return Number((u * 1000n) / l) / 10
}

/** One NISA room as a bar: its name, used of its limit, and a note under it. */
export function RoomBar({
  label,
  used,
  limit,
  note,
  testId,
}: {
  label: ReactNode
  used: string
  limit: string
  note?: ReactNode
  testId: string
}) {
  const intl = useIntl()
  const labelId = useId()
  const yen = (v: string) => formatMoney(v, 'JPY', intl.locale)
  return (
    <Box data-testid={testId} sx={{ py: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" id={labelId}>
          {label}
        </Typography>
        <Typography variant="body2" data-testid={`${testId}-used`}>
          {yen(used)} / {yen(limit)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, filledPercent(used, limit))}
        aria-labelledby={labelId}
        sx={{ height: 8, borderRadius: 4, my: 0.5 }}
      />
      {note && (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      )}
    </Box>
  )
}
