import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import { Loading } from '../Loading'
import { localName } from '../price/names'
import { NewsMeta } from './NewsMeta'
import { useNewsHeadlines } from './use-news-headlines'

/**
 * Home's "popular news" block (spec §2): the newest few articles and a way to the full list. It
 * lives in ui/ because the home feature renders it and features do not import each other.
 */
export function NewsHeadlines({ count = 4 }: { count?: number }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const headlines = useNewsHeadlines(count)
  return (
    <section data-testid="news-headlines" aria-labelledby="news-headlines-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2 }}>
        <Typography
          id="news-headlines-title"
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 600 }}
        >
          <FormattedMessage id="news.headlines.title" />
        </Typography>
        <Button size="small" component={RouterLink} to="/news/index" data-testid="news-more">
          <FormattedMessage id="news.headlines.more" />
        </Button>
      </Stack>
      {headlines.state === 'loading' && <Loading />}
      {headlines.state === 'failed' && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} role="status">
          <FormattedMessage id="news.headlines.failed" />
        </Typography>
      )}
      {headlines.state === 'shown' && headlines.items.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} role="status">
          <FormattedMessage id="news.headlines.empty" />
        </Typography>
      )}
      {headlines.state === 'shown' && headlines.items.length > 0 && (
        <List disablePadding dense>
          {headlines.items.map((item) => (
            <ListItem disablePadding key={item.id}>
              <ListItemButton
                data-testid="news-item"
                onClick={() => navigate(`/news/info?id=${item.id}`)}
              >
                <ListItemText
                  primary={localName(item.title, intl.locale)}
                  secondary={<NewsMeta item={item} />}
                  slotProps={{
                    primary: { noWrap: true },
                    secondary: { component: 'span' },
                  }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </section>
  )
}
