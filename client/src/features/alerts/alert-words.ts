import type { AlertKind } from '@kabu/shared/api/alerts'
import type { LocalName, Market } from '@kabu/shared/market/types'
import { CURRENCY_OF_MARKET } from '@kabu/shared/market/types'
import type { IntlShape } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/local-name'

/** What the words of a condition need: the stock, the kind and its value as the wire writes it. */
export interface ConditionParts {
  code: string
  market: Market
  name: LocalName | undefined
  kind: AlertKind
  value: string
}

/**
 * A condition in the user's words, e.g. "トヨタ自動車 7203 が ¥2,600 以上になったら": a price in
 * the stock's currency, a percentage as typed, a volume grouped. A value not (yet) a number shows
 * as a dash, so the sheet's preview reads while the user types.
 */
export function conditionInWords(intl: IntlShape, c: ConditionParts): string {
  const name = c.name ? localName(c.name, intl.locale) : c.code
  const number = /^\d+(\.\d+)?$/.test(c.value.trim()) ? c.value.trim() : null
  const price = formatMoney(number, CURRENCY_OF_MARKET[c.market], intl.locale)
  const volume = number === null ? '—' : intl.formatNumber(Number(number))
  return intl.formatMessage(
    { id: `mine.alerts.condition.${c.kind}` },
    { name, code: c.code, price, pct: number ?? '—', volume },
  )
}
