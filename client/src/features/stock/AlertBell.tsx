import { LINES } from '@kabu/shared/lines/index'
import AddAlertOutlinedIcon from '@mui/icons-material/AddAlertOutlined'
import IconButton from '@mui/material/IconButton'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { session } from '../../state/session-view'

/** The stock page's bell: opens the add-alert sheet of this stock (the alerts line's screen). */
export function AlertBell({ code }: { code: string }) {
  const { token } = useSnapshot(session)
  const navigate = useNavigate()
  const intl = useIntl()
  if (!token) return null
  return (
    <IconButton
      color="inherit"
      aria-label={intl.formatMessage({ id: 'mine.alerts.add.open' })}
      onClick={() => navigate(`${LINES.alerts.screens.alerts}?code=${encodeURIComponent(code)}`)}
      data-testid="stock-alert"
    >
      <AddAlertOutlinedIcon />
    </IconButton>
  )
}
