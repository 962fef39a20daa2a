import { FormattedMessage } from 'react-intl'
import { useSnapshot } from 'valtio'
import { LANGUAGE_NAMES } from '../../i18n/language-names'
import { LOCALES } from '../../i18n/locale'
import { preferences, setLocale } from '../../state/preferences'
import { Button } from '../../ui/plain/Button'

/**
 * Lets someone who does not read Japanese switch language before logging in. Three plain buttons,
 * each named in its own language, rather than a menu: nothing to open, and a lighter login screen.
 */
export function LanguageMenu() {
  const { locale } = useSnapshot(preferences)
  return (
    <nav className="k-lang">
      {LOCALES.map((l) => (
        <Button
          key={l}
          size="small"
          inherit={l !== locale}
          aria-current={l === locale}
          onClick={() => l !== locale && setLocale(l)}
        >
          <FormattedMessage id={LANGUAGE_NAMES[l]} />
        </Button>
      ))}
    </nav>
  )
}
