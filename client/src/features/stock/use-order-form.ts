import type { Quote } from '@kabu/shared/market/types'
import { useState } from 'react'
import { priceDraft, stepPrice, type OrderDraft, type OrderRules } from './order-draft'

/**
 * The buy form's editable state and what follows from it: the draft sent to the order machine and
 * its estimate at the live price (null while the input cannot be priced). Starts at one lot, the
 * limit price at the last price.
 */
export function useOrderForm(quote: Quote, rules: OrderRules | null) {
  const [kind, setKind] = useState<OrderDraft['kind']>('market')
  const [lotsText, setLotsText] = useState('1')
  const [priceText, setPriceText] = useState(() => String(quote.price))
  const [fundPassword, setFundPassword] = useState('')
  const [leverage, setLeverage] = useState(1)

  const lots = /^\d{1,7}$/.test(lotsText.trim()) ? Number(lotsText) : Number.NaN
  const limitPrice = /^\d+(\.\d{1,4})?$/.test(priceText.trim()) ? Number(priceText) : Number.NaN
  const draft: OrderDraft = { kind, lots, limitPrice, fundPassword, leverage }
  const priced = rules ? priceDraft(draft, rules, quote.price) : null

  return {
    kind,
    setKind,
    lotsText,
    setLotsText,
    stepLots: (direction: 1 | -1) =>
      setLotsText(String(Math.max(1, (Number.isFinite(lots) ? lots : 0) + direction))),
    priceText,
    setPriceText,
    stepLimit: (direction: 1 | -1) => {
      if (!rules) return
      const from = Number.isFinite(limitPrice) && limitPrice > 0 ? limitPrice : quote.price
      const next = stepPrice(rules.tick, from, direction)
      if (next > 0) setPriceText(String(next))
    },
    fundPassword,
    setFundPassword,
    leverage,
    setLeverage,
    draft,
    estimate: priced?.ok ? priced.estimate : null,
    problem: priced && !priced.ok ? priced.msg : null,
  }
}

export type OrderForm = ReturnType<typeof useOrderForm>
