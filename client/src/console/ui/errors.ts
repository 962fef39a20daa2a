import type { IntlShape } from 'react-intl'
import { OpsRefusal } from '../api'

/** A refusal's text: the server key's translation (shared with the customer app), else the key. */
export function refusalText(intl: IntlShape, error: unknown): string {
  const msg = error instanceof OpsRefusal ? error.msg : 'network_error'
  const id = `server.${msg}`
  return id in intl.messages ? intl.formatMessage({ id }) : msg
}
