import CheckIcon from '@mui/icons-material/Check'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { useSnapshot } from 'valtio'
import { LANGUAGE_NAMES } from '../../i18n/language-names'
import { LOCALES } from '../../i18n/locale'
import { preferences, setLocale } from '../../state/preferences'
import { Header } from '../../ui/Header'

/** /mine/language and /mine/changeLang: choosing a language saves it and reloads (spec §4). */
export function LanguageScreen() {
  const { locale } = useSnapshot(preferences)
  return (
    <>
      <Header back title={<FormattedMessage id="mine.language.title" />} />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        <FormattedMessage id="mine.language.hint" />
      </Typography>
      <List>
        {LOCALES.map((l) => (
          <ListItem disablePadding key={l}>
            <ListItemButton
              data-testid={`lang-${l}`}
              selected={l === locale}
              aria-current={l === locale}
              onClick={() => l !== locale && setLocale(l)}
              sx={{ px: 2.5 }}
            >
              <ListItemText primary={<FormattedMessage id={LANGUAGE_NAMES[l]} />} />
              {l === locale && <CheckIcon color="primary" />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  )
}
