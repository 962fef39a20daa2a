import Box from '@mui/material/Box'
import Drawer from '@mui/material/Drawer'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { isRouteRegistered } from '../../state/route-registry'
import { session } from '../../state/session-view'
import { sessionActor } from '../../state/session-actor'
import { isEntryEnabled, PANEL_ENTRIES, type PanelEntry } from './panel-entries'
import { PANEL_ICONS } from './panel-icons'

/** The side user panel (spec §2). Entries of screens that later issues add are shown disabled. */
export function UserPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate()
  const { account } = useSnapshot(session)

  const choose = (entry: PanelEntry) => {
    onClose()
    if (!('action' in entry)) navigate(entry.path)
    else sessionActor.send({ type: 'LOGOUT' })
  }

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 'min(300px, 82vw)' } } }}
    >
      <Box sx={{ px: 2.5, pt: 'calc(env(safe-area-inset-top) + 20px)', pb: 1.5 }}>
        <Typography variant="overline" color="text.secondary">
          <FormattedMessage id="mine.panel.title" />
        </Typography>
        <Typography variant="h6" noWrap>
          {account}
        </Typography>
      </Box>
      <List sx={{ pb: 'env(safe-area-inset-bottom)' }}>
        {PANEL_ENTRIES.map((entry) => (
          <ListItem disablePadding key={entry.name}>
            <ListItemButton
              data-testid={`panel-${entry.name}`}
              disabled={!isEntryEnabled(entry, isRouteRegistered)}
              onClick={() => choose(entry)}
              sx={
                entry.name === 'logout'
                  ? { color: 'error.main', mt: 1, borderTop: 1, borderColor: 'divider' }
                  : undefined
              }
            >
              <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
                {PANEL_ICONS[entry.name]}
              </ListItemIcon>
              <ListItemText primary={<FormattedMessage id={entry.label} />} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Drawer>
  )
}
