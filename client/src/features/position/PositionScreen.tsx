import { POSITION_TABS, type PositionTab } from '@kabu/shared/lines/index'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { useState, type ComponentType } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Loading } from '../../ui/Loading'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { AssetHistory } from './AssetHistory'
import { AssetOverview } from './AssetOverview'
import { NetAssetsCard } from './NetAssetsCard'
import { FollowOrders } from './FollowOrders'
import { HoldingRow } from './HoldingRow'
import { NewShares } from './NewShares'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { SignedMoney } from './SignedMoney'
import { useNetAssets } from './use-net-assets'
import { usePositions } from './use-positions'
import { useOrders } from './use-orders'
import { OrdersTab } from './OrdersTab'
import { SegmentTabs } from '../../ui/SegmentTabs'

/** Each line's holdings, by the tab its line declares (a tab without a panel fails the typecheck). */
const PANELS: Record<PositionTab, ComponentType<{ type: MarketType }>> = {
  stocks: Positions,
  newShares: NewShares,
  follow: FollowOrders,
}

/**
 * /position/index: stocks (the asset overview, then holdings, open orders and traded ended, live)
 * or new shares (applications in progress and ended).
 */
export function PositionScreen() {
  const [type, setType] = useState<MarketType>('jpy')
  const [line, setLine] = useState<PositionTab>('stocks')
  const Panel = PANELS[line]
  return (
    <RequireSession>
      <MarketTypeTabs testIdPrefix="position-market-" value={type} onChange={setType} />
      <SegmentTabs
        value={line}
        onChange={setLine}
        tabs={POSITION_TABS.map((tab) => ({
          value: tab,
          label: <FormattedMessage id={`stock.position.line.${tab}`} />,
          testId: `positions-line-${tab}`,
        }))}
      />
      <Panel key={type} type={type} />
    </RequireSession>
  )
}

/** Holdings (保有中), orders (注文中, their own list) and what ended (取引済み). */
const LIST_TABS = ['open', 'orders', 'ended'] as const
type ListTab = (typeof LIST_TABS)[number]
const EMPTY_TEXT = {
  open: 'stock.position.emptyOpen',
  ended: 'stock.position.emptyEnded',
} as const satisfies Record<Exclude<ListTab, 'orders'>, string>

const NO_ROWS: never[] = []

function Positions({ type }: { type: MarketType }) {
  const [tab, setTab] = useState<ListTab>('open')
  const { view, failed, refreshing, refresh, version } = usePositions(type)
  const orders = useOrders(type, version)
  const net = useNetAssets(type, version, view?.open ?? NO_ROWS)
  const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]

  if (!view && failed)
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage('network_error')}</Alert>
        <Button onClick={refresh} data-testid="positions-retry">
          <FormattedMessage id="common.retry" />
        </Button>
      </Stack>
    )
  if (!view) return <Loading />
  const counts = {
    open: view.open.length,
    orders: orders?.working.length ?? 0,
    ended: view.ended.length,
  }
  return (
    <PullToRefresh onRefresh={refresh} refreshing={refreshing}>
      <Stack spacing={1.5} sx={{ p: 1.5 }}>
        {net.view ? (
          <NetAssetsCard view={net.view} />
        ) : (
          net.failed && <Alert severity="error">{translateServerMessage('network_error')}</Alert>
        )}
        <AssetHistory type={type} version={version} />
        <AssetOverview assets={view.assets} creditLine={view.creditLine} currency={currency} />
      </Stack>
      <SegmentTabs
        value={tab}
        onChange={setTab}
        tabs={LIST_TABS.map((value) => ({
          value,
          label: (
            <FormattedMessage id={`stock.position.tab.${value}`} values={{ n: counts[value] }} />
          ),
          testId: `positions-tab-${value}`,
        }))}
      />
      {tab === 'ended' && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="stock.position.realisedPnl" />
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            <SignedMoney value={view.realisedPnl} currency={currency} testId="positions-realised" />
          </Typography>
        </Stack>
      )}
      {tab === 'orders' ? (
        <OrdersTab lists={orders} type={type} currency={currency} />
      ) : (
        <Stack data-testid={`positions-list-${tab}`}>
          {view[tab].length === 0 ? (
            <EmptyState text={<FormattedMessage id={EMPTY_TEXT[tab]} />} />
          ) : (
            view[tab].map((h) => <HoldingRow key={h.id} h={h} type={type} currency={currency} />)
          )}
        </Stack>
      )}
    </PullToRefresh>
  )
}
