import type { MarketType } from '@kabu/shared/market/types'
import List from '@mui/material/List'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { EmptyState } from '../../ui/EmptyState'
import { FollowOrderRow } from '../../ui/follow/FollowOrderRow'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { useFollowOrders } from './use-follow-orders'
import { FollowPhaseTabs, type FollowPhase } from '../../ui/follow/FollowPhaseTabs'

/** Positions' "follow orders": the user's follow orders in progress and ended, each to its record. */
export function FollowOrders({ type }: { type: MarketType }) {
  const [tab, setTab] = useState<FollowPhase>('open')
  const { open, ended, failed, refreshing, reload } = useFollowOrders(type)
  if (!open && failed) return <LoadFailed error="network_error" onRetry={reload} />
  if (!open || !ended) return <Loading />
  const rows = tab === 'open' ? open : ended
  return (
    <PullToRefresh onRefresh={reload} refreshing={refreshing}>
      <FollowPhaseTabs value={tab} onChange={setTab} testIdPrefix="positions-follow-" />
      <Stack data-testid={`positions-follow-list-${tab}`}>
        {rows.length === 0 ? (
          <EmptyState text={<FormattedMessage id="mine.followOrder.empty" />} />
        ) : (
          <List disablePadding>
            {rows.map((order) => (
              <FollowOrderRow key={order.id} order={order} />
            ))}
          </List>
        )}
      </Stack>
    </PullToRefresh>
  )
}
