import type { MarketType } from '@kabu/shared/market/types'
import List from '@mui/material/List'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { EmptyState } from '../../ui/EmptyState'
import { ApplicationRow } from '../../ui/ipo/ApplicationRow'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { useNewShares } from './use-new-shares'
import { SegmentTabs } from '../../ui/SegmentTabs'

/** Positions' "new shares": the user's applications in progress and ended, each to its offer. */
export function NewShares({ type }: { type: MarketType }) {
  const [tab, setTab] = useState<'open' | 'ended'>('open')
  const { open, ended, failed, reload } = useNewShares(type)
  if (!open && failed) return <LoadFailed error="network_error" onRetry={reload} />
  if (!open || !ended) return <Loading />
  const rows = tab === 'open' ? open : ended
  return (
    <>
      <SegmentTabs
        value={tab}
        onChange={setTab}
        tabs={[
          {
            value: 'open',
            label: <FormattedMessage id="stock.position.ipo.open" values={{ n: open.length }} />,
            testId: 'positions-ipo-open',
          },
          {
            value: 'ended',
            label: <FormattedMessage id="stock.position.ipo.ended" values={{ n: ended.length }} />,
            testId: 'positions-ipo-ended',
          },
        ]}
      />
      <Stack data-testid={`positions-ipo-list-${tab}`}>
        {rows.length === 0 ? (
          <EmptyState />
        ) : (
          <List disablePadding>
            {rows.map((row) => (
              <ApplicationRow key={row.id} row={row} />
            ))}
          </List>
        )}
      </Stack>
    </>
  )
}
