import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import Card from '@mui/material/Card'
import Divider from '@mui/material/Divider'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { preferences } from '../../state/preferences'
import { LANGUAGE_NAMES } from '../../i18n/language-names'
import { RiseColourSetting } from './RiseColourSetting'

/** Display settings and the documents, reachable without opening the panel. */
export function SettingsCard() {
  const navigate = useNavigate()
  const { locale } = useSnapshot(preferences)
  const row = (id: string, path: string, secondary?: React.ReactNode) => (
    <ListItem disablePadding>
      <ListItemButton onClick={() => navigate(path)}>
        <ListItemText primary={<FormattedMessage id={id} />} secondary={secondary} />
        <ChevronRightIcon color="action" />
      </ListItemButton>
    </ListItem>
  )
  return (
    <Card variant="outlined">
      <RiseColourSetting />
      <Divider />
      <List disablePadding>
        {row(
          'mine.panel.language',
          '/mine/language',
          <FormattedMessage id={LANGUAGE_NAMES[locale]} />,
        )}
        {row('mine.protocol.title', '/mine/protocol')}
        {row('mine.privacy.title', '/mine/privacy')}
        {row('mine.about.title', '/mine/about')}
      </List>
    </Card>
  )
}
