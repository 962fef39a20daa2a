import Box from '@mui/material/Box'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import type { NewsItem } from '@kabu/shared/api/news'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { NewsMeta } from '../../ui/news/NewsMeta'
import { localName } from '../../ui/price/names'

const twoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const

/** The lines of the list: headline, summary, then time, source and the simulated mark. */
export function NewsRows({ items }: { items: readonly NewsItem[] }) {
  const intl = useIntl()
  const navigate = useNavigate()
  return (
    <List disablePadding>
      {items.map((item) => (
        <ListItem disablePadding key={item.id}>
          <ListItemButton
            divider
            data-testid="news-item"
            data-news-id={item.id}
            onClick={() => navigate(`/news/info?id=${item.id}`)}
          >
            <ListItemText
              primary={localName(item.title, intl.locale)}
              secondary={
                <Stack component="span" spacing={0.5}>
                  <Box component="span" sx={twoLines}>
                    {localName(item.summary, intl.locale)}
                  </Box>
                  <NewsMeta item={item} />
                </Stack>
              }
              slotProps={{
                primary: { sx: { ...twoLines, fontWeight: 600 } },
                secondary: { component: 'span' },
              }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  )
}
