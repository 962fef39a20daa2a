import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import { FormattedMessage } from 'react-intl'
import type { SearchHit } from '../../realtime/market-api'
import { EmptyState } from '../../ui/EmptyState'
import { LiveQuoteRow } from '../../ui/price/LiveQuoteRow'
import { MarketLoadFailed } from '../../ui/price/MarketLoadFailed'
import type { SearchState } from './search.stream'

/** The answer to the query typed: live rows, "nothing found", or the failure with a retry. */
export function SearchResults({
  state,
  onOpen,
  onRetry,
}: {
  state: Exclude<SearchState, { status: 'idle' }>
  onOpen: (hit: SearchHit) => void
  onRetry: () => void
}) {
  if (state.status === 'error') return <MarketLoadFailed error={state.error} onRetry={onRetry} />
  if (state.status === 'done' && state.hits.length === 0) {
    return (
      <EmptyState
        text={<FormattedMessage id="search.noResults" values={{ query: state.query }} />}
      />
    )
  }
  return (
    <>
      <LinearProgress
        aria-busy={state.status === 'loading'}
        sx={{ height: 2, mt: 1, visibility: state.status === 'loading' ? 'visible' : 'hidden' }}
      />
      <List disablePadding>
        {state.hits.map((hit) => (
          <LiveQuoteRow
            key={hit.code}
            seed={hit}
            onOpen={() => onOpen(hit)}
            testId={`search-result-${hit.code}`}
          />
        ))}
      </List>
    </>
  )
}
