import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined'
import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined'
import CreditScoreOutlinedIcon from '@mui/icons-material/CreditScoreOutlined'
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined'
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined'
import LockOutlinedIcon from '@mui/icons-material/LockOutlined'
import LogoutIcon from '@mui/icons-material/Logout'
import MailOutlinedIcon from '@mui/icons-material/MailOutlined'
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined'
import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined'
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined'
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined'
import TranslateIcon from '@mui/icons-material/Translate'
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined'
import Box from '@mui/material/Box'
import Drawer from '@mui/material/Drawer'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import type { ReactElement } from 'react'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { isRouteRegistered } from '../../state/route-registry'
import { session } from '../../state/session-view'
import { sessionActor } from '../../state/session-actor'
import { isEntryEnabled, PANEL_ENTRIES, type PanelEntry } from './panel-entries'

const ICONS: Record<string, ReactElement> = {
  message: <MailOutlinedIcon />,
  verified: <VerifiedUserOutlinedIcon />,
  deposit: <AddCardOutlinedIcon />,
  withdraw: <PaymentsOutlinedIcon />,
  loan: <CreditScoreOutlinedIcon />,
  transactionRecords: <ReceiptLongOutlinedIcon />,
  bank: <AccountBalanceOutlinedIcon />,
  loginPassword: <LockOutlinedIcon />,
  fundPassword: <KeyOutlinedIcon />,
  about: <InfoOutlinedIcon />,
  privacy: <PrivacyTipOutlinedIcon />,
  kefu: <SupportAgentOutlinedIcon />,
  language: <TranslateIcon />,
  logout: <LogoutIcon />,
}

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
          <ListItemButton
            key={entry.name}
            data-testid={`panel-${entry.name}`}
            disabled={!isEntryEnabled(entry, isRouteRegistered)}
            onClick={() => choose(entry)}
            sx={
              entry.name === 'logout'
                ? { color: 'error.main', mt: 1, borderTop: 1, borderColor: 'divider' }
                : undefined
            }
          >
            <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{ICONS[entry.name]}</ListItemIcon>
            <ListItemText primary={<FormattedMessage id={entry.label} />} />
          </ListItemButton>
        ))}
      </List>
    </Drawer>
  )
}
