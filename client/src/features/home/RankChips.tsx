import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { RANK_BYS, type RankBy } from '../../realtime/market-api'

const LABEL: Record<RankBy, ReactNode> = {
  gainers: <FormattedMessage id="quotes.rank.gainers" />,
  losers: <FormattedMessage id="quotes.rank.losers" />,
  volume: <FormattedMessage id="quotes.rank.volume" />,
  turnover: <FormattedMessage id="quotes.rank.turnover" />,
  cap: <FormattedMessage id="quotes.rank.cap" />,
}

/** The ranking to list by, as a row of chips that scrolls sideways when narrow. */
export function RankChips({ value, onChange }: { value: RankBy; onChange: (by: RankBy) => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ px: 2, py: 1.5, overflowX: 'auto' }} role="tablist">
      {RANK_BYS.map((by) => (
        <Chip
          key={by}
          role="tab"
          aria-selected={by === value}
          label={LABEL[by]}
          color={by === value ? 'primary' : 'default'}
          variant={by === value ? 'filled' : 'outlined'}
          onClick={() => onChange(by)}
          data-testid={`rank-${by}`}
        />
      ))}
    </Stack>
  )
}
