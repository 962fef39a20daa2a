import ClearIcon from '@mui/icons-material/Clear'
import SearchIcon from '@mui/icons-material/Search'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { fetchRank } from '../../realtime/market-api'
import type { StockRef } from '../../realtime/stock-ref'
import { useMarketQuery } from '../../realtime/use-market-query'
import { Header } from '../../ui/Header'
import { SimulatedBadge } from '../../ui/price/SimulatedBadge'
import { useOpenStock } from '../../ui/price/use-open-stock'
import { PopularFunctions } from './PopularFunctions'
import { PopularStocks } from './PopularStocks'
import { clearRecent, readRecent, rememberChoice } from './recent-searches'
import { RecentSearches } from './RecentSearches'
import { SearchResults } from './SearchResults'
import { MAX_QUERY_LENGTH } from './search.stream'
import { useSearch } from './use-search'
import { WatchlistLink } from './WatchlistLink'

/** Search stocks and indices of all three markets by code or name, as you type. */
export function SearchScreen() {
  const intl = useIntl()
  const openStock = useOpenStock()
  const search = useSearch()
  const [recent, setRecent] = useState(readRecent)
  const idle = search.state.status === 'idle'
  const popular = useMarketQuery(idle ? 'popular' : undefined, (signal) =>
    fetchRank('jp', 'turnover', signal),
  )
  const choose = (stock: StockRef) => {
    setRecent(rememberChoice(stock))
    openStock(stock)
  }
  return (
    <>
      <Header
        title={<FormattedMessage id="search.title" />}
        back
        right={
          <>
            <WatchlistLink />
            <SimulatedBadge />
          </>
        }
      />
      <Box sx={{ px: 2, pt: 1.5 }}>
        <TextField
          fullWidth
          autoFocus
          size="small"
          value={search.text}
          onChange={(e) => search.type(e.target.value)}
          placeholder={intl.formatMessage({ id: 'search.placeholder' })}
          slotProps={{
            htmlInput: {
              'data-testid': 'search-input',
              maxLength: MAX_QUERY_LENGTH,
              enterKeyHint: 'search',
              'aria-label': intl.formatMessage({ id: 'search.placeholder' }),
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: search.text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    onClick={() => search.type('')}
                    aria-label={intl.formatMessage({ id: 'search.clearInput' })}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        {search.state.status === 'idle' && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ pt: 0.75 }}>
            <FormattedMessage id="search.hint" />
          </Typography>
        )}
      </Box>
      {search.state.status === 'idle' ? (
        <>
          <RecentSearches
            recent={recent}
            onOpen={choose}
            onClear={() => {
              clearRecent()
              setRecent([])
            }}
          />
          <PopularFunctions />
          <PopularStocks query={popular} onOpen={choose} />
        </>
      ) : (
        <SearchResults state={search.state} onOpen={choose} onRetry={search.retry} />
      )}
    </>
  )
}
