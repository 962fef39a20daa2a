import type { MarketType } from '@kabu/shared/market/types'
import List from '@mui/material/List'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { ApplicationRow } from '../../ui/ipo/ApplicationRow'
import { useApplications } from './use-ipo-lists'

/** /mine/newShareOrder: the user's subscription and winning records, refreshed when drawn. */
export function NewShareOrderScreen() {
  const [type, setType] = useState<MarketType>('jpy')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="home.ipo.records" />} />
      <MarketTypeTabs testIdPrefix="ipo-records-market-" value={type} onChange={setType} />
      <Records key={type} type={type} />
    </RequireSession>
  )
}

function Records({ type }: { type: MarketType }) {
  const { data, failed, reload } = useApplications(type)
  if (!data && failed) return <LoadFailed error="network_error" onRetry={reload} />
  if (!data) return <Loading />
  return (
    <PullToRefresh onRefresh={reload} refreshing={false}>
      {data.length === 0 ? (
        <EmptyState />
      ) : (
        <List data-testid="ipo-records" disablePadding>
          {data.map((row) => (
            <ApplicationRow key={row.id} row={row} />
          ))}
        </List>
      )}
    </PullToRefresh>
  )
}
