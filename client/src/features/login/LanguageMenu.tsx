import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { FormattedMessage } from 'react-intl'
import { useSnapshot } from 'valtio'
import { LANGUAGE_NAMES } from '../../i18n/language-names'
import { LOCALES } from '../../i18n/locale'
import { preferences, setLocale } from '../../state/preferences'

/**
 * Lets someone who does not read Japanese switch language before logging in. Three plain buttons,
 * each named in its own language, rather than a menu: nothing to open, and a lighter login screen.
 */
export function LanguageMenu() {
  const { locale } = useSnapshot(preferences)
  return (
    <Stack direction="row" spacing={0.5} component="nav">
      {LOCALES.map((l) => (
        <Button
          key={l}
          size="small"
          color={l === locale ? 'primary' : 'inherit'}
          aria-current={l === locale}
          onClick={() => l !== locale && setLocale(l)}
          sx={{
            minWidth: 0,
            px: 1,
            fontWeight: l === locale ? 700 : 400,
            opacity: l === locale ? 1 : 0.7,
          }}
        >
          <FormattedMessage id={LANGUAGE_NAMES[l]} />
        </Button>
      ))}
    </Stack>
  )
}
