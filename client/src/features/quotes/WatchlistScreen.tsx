import RemoveCircleIcon from '@mui/icons-material/RemoveCircle'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import type { WatchEntry } from '@kabu/shared/api/trade'
import { MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { LiveQuoteRow } from '../../ui/price/LiveQuoteRow'
import { useOpenStock } from '../../ui/price/use-open-stock'
import { RequireSession } from '../../ui/RequireSession'
import { fetchWatchlist, removeFromWatchlist } from './watchlist.api'

const MARKETS: MarketType[] = ['jpy', 'usd', 'cny']

/**
 * /quotes/self: the user's watchlist per market with live prices. Stocks are added with the star
 * on their detail; edit mode removes them.
 */
export function WatchlistScreen() {
  const intl = useIntl()
  const [type, setType] = useState<MarketType>('jpy')
  const [editing, setEditing] = useState(false)
  return (
    <RequireSession>
      <Header
        back
        title={<FormattedMessage id="quotes.self.title" />}
        right={
          <Button onClick={() => setEditing(!editing)} data-testid="watchlist-edit">
            <FormattedMessage id={editing ? 'quotes.self.done' : 'quotes.self.edit'} />
          </Button>
        }
      />
      <Tabs value={type} onChange={(_, v: MarketType) => setType(v)} variant="fullWidth">
        {MARKETS.map((t) => (
          <Tab key={t} value={t} label={intl.formatMessage({ id: `mine.market.${t}` })} />
        ))}
      </Tabs>
      <Watchlist key={type} type={type} editing={editing} />
    </RequireSession>
  )
}

function Watchlist({ type, editing }: { type: MarketType; editing: boolean }) {
  const intl = useIntl()
  const openStock = useOpenStock()
  const [entries, setEntries] = useState<WatchEntry[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let live = true
    fetchWatchlist(type).then(
      (list) => {
        if (!live) return
        setEntries(list)
        setFailed(false)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [type, version])

  const remove = async (code: string) => {
    try {
      await removeFromWatchlist(type, code)
      setEntries((list) => list?.filter((e) => e.code !== code) ?? null)
    } catch {
      // Toasted by the API client; the row stays.
    }
  }

  if (failed && !entries)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage('network_error')}</Alert>
        <Button onClick={() => setVersion((v) => v + 1)}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Box>
    )
  if (!entries) return <Loading />
  if (entries.length === 0) return <EmptyState text={<FormattedMessage id="quotes.self.empty" />} />
  return (
    <List disablePadding data-testid="watchlist">
      {entries.map((entry) => (
        <Box key={entry.code} sx={{ display: 'flex', alignItems: 'center' }}>
          {editing && (
            <IconButton
              color="error"
              onClick={() => void remove(entry.code)}
              aria-label={intl.formatMessage({ id: 'quotes.self.remove' })}
              data-testid={`watchlist-remove-${entry.code}`}
            >
              <RemoveCircleIcon />
            </IconButton>
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <LiveQuoteRow
              seed={{
                code: entry.code,
                market: MARKET_OF_TYPE[type],
                kind: 'stock',
                name: entry.name,
              }}
              onOpen={(seed) => openStock(seed)}
              testId={`watchlist-${entry.code}`}
            />
          </Box>
        </Box>
      ))}
    </List>
  )
}
