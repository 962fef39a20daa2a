import StarBorderIcon from '@mui/icons-material/StarBorder'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { RANK_BYS } from '../../realtime/market-api'
import { MarketPageLinks } from '../../ui/MarketPageLinks'

/** Search's popular functions (spec §2): the rankings, the watchlist and the market pages. */
export function PopularFunctions() {
  return (
    <section data-testid="search-functions">
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
        <FormattedMessage id="search.functions" />
      </Typography>
      <Stack direction="row" sx={{ px: 2, pb: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Chip
          component={Link}
          to="/quotes/self"
          clickable
          icon={<StarBorderIcon />}
          label={<FormattedMessage id="quotes.self.title" />}
          data-testid="search-fn-watchlist"
        />
        {RANK_BYS.map((by) => (
          <Chip
            key={by}
            component={Link}
            to={`/home/index?by=${by}`}
            clickable
            variant="outlined"
            label={<FormattedMessage id={`quotes.rank.${by}`} />}
            data-testid={`search-fn-${by}`}
          />
        ))}
      </Stack>
      <MarketPageLinks />
    </section>
  )
}
