import { TYPE_OF_MARKET, type Quote } from '@kabu/shared/market/types'
import { useCallback, useEffect, useState } from 'react'
import { useIsStale } from '../../realtime'
import { priceShort, type ShortDraft, type ShortRules } from './short-draft'
import { loadShortRules } from './short.live'

export type ShortRulesLoad =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; rules: ShortRules; reload: () => void }

/**
 * The short ticket's editable state (lots, leverage) and its estimate at the live price, with the
 * rules it is checked against, loaded once the sheet opens. Starts at one lot at the lowest
 * leverage offered: the largest margin, until the user picks more.
 */
export function useShortTicket(quote: Quote) {
  const type = TYPE_OF_MARKET[quote.market]
  const [load, setLoad] = useState<{ rules: ShortRules | null; failed: boolean }>({
    rules: null,
    failed: false,
  })
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  const { code, market } = quote
  useEffect(() => {
    let live = true
    loadShortRules({ code, market }, type).then(
      (rules) => live && setLoad({ rules, failed: false }),
      () => live && setLoad({ rules: null, failed: true }),
    )
    return () => {
      live = false
    }
  }, [code, market, type, version])

  const [lotsText, setLotsText] = useState('1')
  const [chosen, setLeverage] = useState<number | null>(null)
  const quoteStale = useIsStale(quote.code)
  const rules = load.rules
  const leverage = chosen ?? (rules ? Math.min(...rules.leverageChoices) : 1)
  const lots = /^\d{1,7}$/.test(lotsText.trim()) ? Number(lotsText) : Number.NaN
  const draft: ShortDraft = { lots, leverage }
  const priced = rules ? priceShort(draft, rules, quote.price) : null
  const rulesLoad: ShortRulesLoad = rules
    ? { state: 'ready', rules, reload }
    : load.failed
      ? { state: 'failed', retry: reload }
      : { state: 'loading' }

  return {
    load: rulesLoad,
    quoteStale,
    lotsText,
    setLotsText,
    stepLots: (direction: 1 | -1) =>
      setLotsText(String(Math.max(1, (Number.isFinite(lots) ? lots : 0) + direction))),
    leverage,
    setLeverage,
    draft,
    estimate: priced?.ok ? priced.estimate : null,
    problem: priced && !priced.ok ? priced.msg : null,
  }
}

export type ShortTicket = ReturnType<typeof useShortTicket>
