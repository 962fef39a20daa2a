import type { IpoPhase } from '@kabu/shared/api/ipo'
import type { MarketType } from '@kabu/shared/market/types'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { OfferRow } from './OfferRow'
import { useOffers } from './use-ipo-lists'
import { SegmentTabs } from '../../ui/SegmentTabs'

const PHASES: readonly IpoPhase[] = ['pre', 'subscribing', 'ended']

/** /home/newShare: the offers of a market in three lists, before, during and after subscription. */
export function NewShareScreen() {
  const [type, setType] = useState<MarketType>('jpy')
  const [phase, setPhase] = useState<IpoPhase>('subscribing')
  return (
    <RequireSession>
      <Header
        back
        title={<FormattedMessage id="home.ipo.title" />}
        right={
          <Button
            component={Link}
            to="/mine/newShareOrder"
            size="small"
            data-testid="ipo-records-link"
          >
            <FormattedMessage id="home.ipo.records" />
          </Button>
        }
      />
      <MarketTypeTabs testIdPrefix="ipo-market-" value={type} onChange={setType} />
      <SegmentTabs
        value={phase}
        onChange={setPhase}
        tabs={PHASES.map((p) => ({
          value: p,
          label: <FormattedMessage id={`home.ipo.phase.${p}`} />,
          testId: `ipo-phase-${p}`,
        }))}
      />
      <Offers key={`${type}:${phase}`} type={type} phase={phase} />
    </RequireSession>
  )
}

function Offers({ type, phase }: { type: MarketType; phase: IpoPhase }) {
  const { data, failed, reload } = useOffers(type, phase)
  if (!data && failed) return <LoadFailed error="network_error" onRetry={reload} />
  if (!data) return <Loading />
  return (
    <PullToRefresh onRefresh={reload} refreshing={false}>
      {data.length === 0 ? (
        <EmptyState />
      ) : (
        <List data-testid={`ipo-list-${phase}`} disablePadding>
          {data.map((offer) => (
            <OfferRow key={offer.id} offer={offer} />
          ))}
        </List>
      )}
    </PullToRefresh>
  )
}
