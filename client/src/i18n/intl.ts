import { createIntl, createIntlCache, type IntlShape } from 'react-intl'
import type { Locale } from './locale'

const cache = createIntlCache()
let active: IntlShape | undefined

/**
 * Builds the one intl object of this page view. The React tree gets it through RawIntlProvider and
 * code outside React (the api client's toasts) uses the same one, so both speak the same language.
 */
export function activateIntl(locale: Locale, messages: Record<string, string>): IntlShape {
  active = createIntl({ locale, messages, defaultLocale: 'ja' }, cache)
  return active
}

export const activeIntl = (): IntlShape | undefined => active

/**
 * The text for a server `msg`: its `server.<key>` translation, or the msg itself when it is not a
 * known key (an upstream broker may send ready-made text; API.md says show it as it is).
 */
export function translateServerMessage(msg: string): string {
  const id = `server.${msg}`
  if (!active || !(id in active.messages)) return msg
  return active.formatMessage({ id })
}
