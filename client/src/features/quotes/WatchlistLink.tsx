import StarBorderIcon from '@mui/icons-material/StarBorder'
import IconButton from '@mui/material/IconButton'
import { useIntl } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'

/** The way from search to the watchlist (spec §2: quotes are search and watchlist). */
export function WatchlistLink() {
  const intl = useIntl()
  return (
    <IconButton
      component={RouterLink}
      to="/quotes/self"
      aria-label={intl.formatMessage({ id: 'quotes.self.title' })}
      data-testid="watchlist-open"
    >
      <StarBorderIcon />
    </IconButton>
  )
}
