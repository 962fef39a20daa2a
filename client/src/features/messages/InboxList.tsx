import Badge from '@mui/material/Badge'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import type { InboxItem } from '@kabu/shared/api/inbox'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { messageText } from './message-text'

/** The inbox lines: unread ones marked and in bold, each opening its message. */
export function InboxList({ items }: { items: readonly InboxItem[] }) {
  const intl = useIntl()
  const navigate = useNavigate()
  return (
    <List disablePadding>
      {items.map((item) => (
        <ListItem disablePadding key={item.id}>
          <ListItemButton
            divider
            data-testid={`message-item-${item.id}`}
            onClick={() => navigate(`/mine/messageInfo?id=${item.id}`)}
          >
            <Badge
              color="error"
              variant="dot"
              invisible={item.read === 1}
              aria-label={
                item.read ? undefined : intl.formatMessage({ id: 'mine.message.unreadMark' })
              }
              sx={{ mr: 1.5 }}
            >
              <span />
            </Badge>
            <ListItemText
              primary={messageText(intl, item.title, item.params)}
              secondary={
                <>
                  {messageText(intl, item.summary, item.params)}
                  <br />
                  {intl.formatDate(item.created, { dateStyle: 'medium', timeStyle: 'short' })}
                </>
              }
              slotProps={{
                primary: { sx: { fontWeight: item.read ? 400 : 700 }, noWrap: true },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  )
}
