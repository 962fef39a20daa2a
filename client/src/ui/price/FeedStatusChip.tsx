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

/**
 * Whether the quotes on screen are live, closed, stale or disconnected, plus the simulated badge.
 * The demo's markets open around the clock (MARKET_HOURS=always) say so while live: an ordinary
 * "live" on a Sunday night reads as a real exchange trading. Plain elements (app.css `k-feed`):
 * it heads home's first screen.
 */
export function FeedStatusChip() {
  const status = useFeedStatus()
  const shown = shownState(status)
  const label =
    shown === 'live' && status?.hours === 'always' ? (
      <FormattedMessage id="market.hours.always" />
    ) : (
      LABEL[shown]
    )
  return (
    <div className="k-feed" data-testid="feed-status" data-hours={status?.hours}>
      <span className="k-feed-state" role="status">
        <span className="k-feed-dot" style={{ backgroundColor: DOT[shown] }} aria-hidden />
        <span className="k-caption k-text-2">{label}</span>
      </span>
      <SimulatedBadge />
    </div>
  )
}
