import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { useFeedStatus, type LiveFeedStatus } from '../../realtime'
import { SimulatedBadge } from './SimulatedBadge'

type Shown = 'live' | 'closed' | 'stale' | 'offline'

const shownState = (status: LiveFeedStatus | undefined): Shown =>
  !status?.connected ? 'offline' : status.state

const DOT: Record<Shown, string> = {
  live: '#16a05d',
  closed: '#8a8f98',
  stale: '#f0a020',
  offline: '#e5323c',
}

const LABEL: Record<Shown, ReactNode> = {
  live: <FormattedMessage id="market.feed.live" />,
  closed: <FormattedMessage id="market.feed.closed" />,
  stale: <FormattedMessage id="market.feed.stale" />,
  offline: <FormattedMessage id="market.feed.offline" />,
}

/** Whether the quotes on screen are live, closed, stale or disconnected, plus the simulated badge. */
export function FeedStatusChip() {
  const status = useFeedStatus()
  const shown = shownState(status)
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="feed-status">
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="status">
        <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: DOT[shown] }} aria-hidden />
        <Typography variant="caption" color="text.secondary">
          {LABEL[shown]}
        </Typography>
      </Stack>
      <SimulatedBadge />
    </Stack>
  )
}
