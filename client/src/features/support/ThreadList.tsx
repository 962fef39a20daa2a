import Badge from '@mui/material/Badge'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import type { SupportThreadItem } from '@kabu/shared/api/support'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'

const STATUS_COLOUR = { open: 'warning', answered: 'success', closed: 'default' } as const

/** The conversations: status, opening words, the last message and unread replies. */
export function ThreadList({ items }: { items: readonly SupportThreadItem[] }) {
  const intl = useIntl()
  const navigate = useNavigate()
  return (
    <List disablePadding>
      {items.map((item) => (
        <ListItem key={item.id} disablePadding>
          <ListItemButton
            divider
            data-testid={`support-thread-${item.id}`}
            onClick={() => navigate(`/mine/supportInfo?id=${item.id}`)}
          >
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Chip
                    size="small"
                    color={STATUS_COLOUR[item.status]}
                    label={<FormattedMessage id={`mine.support.status.${item.status}`} />}
                  />
                  <Badge
                    color="error"
                    badgeContent={item.unread}
                    invisible={item.unread === 0}
                    aria-label={intl.formatMessage(
                      { id: 'mine.support.unread' },
                      { count: item.unread },
                    )}
                    sx={{ minWidth: 0, flex: 1, '& .MuiBadge-badge': { right: 8 } }}
                  >
                    <span
                      style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {item.subject || intl.formatMessage({ id: 'mine.support.photo' })}
                    </span>
                  </Badge>
                </Stack>
              }
              secondary={
                <>
                  {item.last_author === 'operator' && (
                    <FormattedMessage id="mine.support.fromSupport" />
                  )}
                  {item.last_text || intl.formatMessage({ id: 'mine.support.photo' })}
                  <br />
                  {intl.formatDate(item.updated, { dateStyle: 'medium', timeStyle: 'short' })}
                </>
              }
              slotProps={{
                primary: { component: 'div', sx: { fontWeight: item.unread ? 700 : 400 } },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  )
}
