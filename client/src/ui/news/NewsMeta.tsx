import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { NewsItem } from '@kabu/shared/api/news'
import { FormattedMessage, useIntl } from 'react-intl'

/**
 * The line under a headline: when, who wrote it, and whether it was written from simulated
 * market data (the article's own flag, which outlives the feed that wrote it).
 */
export function NewsMeta({ item }: { item: Pick<NewsItem, 'created' | 'source' | 'simulated'> }) {
  const intl = useIntl()
  return (
    <Stack
      direction="row"
      spacing={1}
      component="span"
      sx={{ alignItems: 'center', color: 'text.secondary' }}
    >
      <Typography
        variant="caption"
        component="time"
        dateTime={new Date(item.created).toISOString()}
      >
        {intl.formatDate(item.created, { dateStyle: 'medium', timeStyle: 'short' })}
      </Typography>
      <Typography variant="caption" component="span">
        <FormattedMessage id={`news.source.${item.source}`} />
      </Typography>
      {item.simulated && (
        <Chip
          data-testid="news-simulated"
          size="small"
          color="warning"
          variant="outlined"
          label={<FormattedMessage id="market.simulated" />}
          sx={{ height: 20, fontSize: 11 }}
        />
      )}
    </Stack>
  )
}
