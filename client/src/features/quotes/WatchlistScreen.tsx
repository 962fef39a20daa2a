import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import { MARKET_OF_TYPE } from '@kabu/shared/market/types'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { SimulatedBadge } from '../../ui/price/SimulatedBadge'
import { useOpenStock } from '../../ui/price/use-open-stock'
import { RequireSession } from '../../ui/RequireSession'
import { useWatchlist, WATCH_MARKETS, type WatchTab } from './use-watchlist'
import { WatchRow } from './WatchRow'
import { SegmentTabs } from '../../ui/SegmentTabs'

const TABS: readonly WatchTab[] = [...WATCH_MARKETS, 'all']

/**
 * /quotes/self: the user's watchlist per market with live prices. Stocks are added with the star
 * on their detail (or found through search); edit mode removes and reorders them. The last tab
 * shows every market's list at once.
 */
export function WatchlistScreen() {
  const intl = useIntl()
  const [tab, setTab] = useState<WatchTab>('jpy')
  const [editing, setEditing] = useState(false)
  return (
    <RequireSession>
      <Header
        back
        title={<FormattedMessage id="quotes.self.title" />}
        right={
          <Button
            onClick={() => setEditing(!editing)}
            aria-pressed={editing}
            data-testid="watchlist-edit"
          >
            <FormattedMessage id={editing ? 'quotes.self.done' : 'quotes.self.edit'} />
          </Button>
        }
      />
      <SegmentTabs
        value={tab}
        onChange={setTab}
        tabs={TABS.map((t) => ({
          value: t,
          label: intl.formatMessage({ id: t === 'all' ? 'quotes.self.all' : `mine.market.${t}` }),
          testId: `watchlist-tab-${t}`,
        }))}
      />
      {/* Under the tabs, not in the header: beside Edit/Done it crowded out the header's controls. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 1 }}>
        <SimulatedBadge />
      </Box>
      <Watchlist key={tab} tab={tab} editing={editing} />
    </RequireSession>
  )
}

function Watchlist({ tab, editing }: { tab: WatchTab; editing: boolean }) {
  const openStock = useOpenStock()
  const { items: entries, failed, reload, remove, move } = useWatchlist(tab)

  if (failed && !entries)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage('network_error')}</Alert>
        <Button onClick={reload}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Box>
    )
  if (!entries) return <Loading />
  if (entries.length === 0)
    return (
      <Box sx={{ textAlign: 'center', pb: 4 }}>
        <EmptyState text={<FormattedMessage id="quotes.self.empty" />} />
        <Button
          variant="contained"
          component={RouterLink}
          to="/quotes/search"
          data-testid="watchlist-empty-search"
        >
          <FormattedMessage id="quotes.self.findStocks" />
        </Button>
      </Box>
    )
  return (
    <List disablePadding data-testid="watchlist">
      {entries.map((entry, i) => (
        <WatchRow
          key={entry.code}
          entry={entry}
          market={MARKET_OF_TYPE[entry.type]}
          editing={editing}
          first={i === 0}
          last={i === entries.length - 1}
          onOpen={openStock}
          onRemove={remove}
          onMove={move}
        />
      ))}
    </List>
  )
}
