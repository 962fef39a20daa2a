import type { IntlShape } from 'react-intl'
import { OpsRefusal } from '../api'

/** A server key's text (the customer app's `server.<key>` catalogue), else the key itself. */
export function keyText(intl: IntlShape, msg: string): string {
  const id = `server.${msg}`
  return id in intl.messages ? intl.formatMessage({ id }) : msg
}

/** A refusal's text: the server key's translation (shared with the customer app), else the key. */
export function refusalText(intl: IntlShape, error: unknown): string {
  return keyText(intl, error instanceof OpsRefusal ? error.msg : 'network_error')
}
