import type { AlertTriggeredEvent } from '@kabu/shared/api/alerts'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { CURRENCY_OF_MARKET } from '@kabu/shared/market/types'
import type { IntlShape } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { showToast } from '../../ui/toast/toast.store'
import { conditionInWords } from './alert-words'

/** How long an alert's toast stays: long enough to read the condition and tap the stock. */
const ALERT_TOAST_MS = 8_000

/** The toast of a fired alert: its condition in words, the price that met it, a link to the stock. */
export function showAlertToast(intl: IntlShape, event: AlertTriggeredEvent): void {
  const listing = listingByCode(event.code)
  const market = listing?.market ?? 'jp'
  const condition = conditionInWords(intl, {
    code: event.code,
    market,
    name: listing?.name,
    kind: event.kind,
    value: event.value,
  })
  const price = formatMoney(event.price, CURRENCY_OF_MARKET[market], intl.locale)
  showToast(
    intl.formatMessage({ id: 'mine.alerts.toast' }, { condition, price }),
    ALERT_TOAST_MS,
    'info',
    {
      href: `#/quotes/info?code=${encodeURIComponent(event.code)}`,
      label: intl.formatMessage({ id: 'mine.alerts.toast.open' }),
    },
  )
}
