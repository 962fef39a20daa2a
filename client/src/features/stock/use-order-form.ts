import type { HoldingAccount } from '@kabu/shared/api/accounts'
import type { OrderKind } from '@kabu/shared/api/orders'
import type { Quote } from '@kabu/shared/market/types'
import { useState } from 'react'
import { priceDraft, stepPrice, type OrderDraft, type OrderRules } from './order-draft'

/** A typed price, or NaN while it is not a decimal of at most four places. */
const priceOf = (text: string) =>
  /^\d+(\.\d{1,4})?$/.test(text.trim()) ? Number(text) : Number.NaN

/** A typed price with its grid stepper: starts at `start`, steps on the tick grid. */
function usePriceField(start: () => string, rules: OrderRules | null, from: number) {
  const [text, setText] = useState(start)
  const value = priceOf(text)
  return {
    text,
    setText,
    value,
    step: (direction: 1 | -1) => {
      if (!rules) return
      const next = stepPrice(
        rules.tick,
        Number.isFinite(value) && value > 0 ? value : from,
        direction,
      )
      if (next > 0) setText(String(next))
    },
  }
}
export type PriceField = ReturnType<typeof usePriceField>

/**
 * The buy form's editable state and what follows from it: the draft sent to the order machine and
 * its estimate at the live price (null while the input cannot be priced). Starts at one lot at the
 * market, the prices at the last price, valid for the day.
 */
export function useOrderForm(quote: Quote, rules: OrderRules | null) {
  const [kind, setKind] = useState<OrderKind>('market')
  const [lotsText, setLotsText] = useState('1')
  const [fundPassword, setFundPassword] = useState('')
  const [leverage, setLeverageTo] = useState(1)
  const [account, setAccount] = useState<HoldingAccount>('taxable')
  // NISA takes cash buys only: choosing credit moves the ticket back to the taxable account.
  const setLeverage = (to: number) => {
    setLeverageTo(to)
    if (to > 1) setAccount('taxable')
  }
  const [validity, setValidity] = useState('day')
  const [trailText, setTrailText] = useState('')
  /** IFD (a take-profit once filled), IFDOCO (and a stop-loss), or neither. */
  const [exits, setExits] = useState<'none' | 'ifd' | 'ifdoco'>('none')
  const at = () => String(quote.price)
  const limit = usePriceField(at, rules, quote.price)
  const trigger = usePriceField(at, rules, quote.price)
  const exitPrice = usePriceField(at, rules, quote.price)
  const exitTrigger = usePriceField(at, rules, quote.price)

  const lots = /^\d{1,7}$/.test(lotsText.trim()) ? Number(lotsText) : Number.NaN
  // Exits follow a cash buy that trades as a market or limit order (the gateway's rule).
  const exitsAllowed = (kind === 'market' || kind === 'limit') && leverage === 1
  const exit =
    exits === 'none' || !exitsAllowed
      ? null
      : {
          price: exitPrice.value,
          ...(exits === 'ifdoco' ? { trigger: exitTrigger.value } : {}),
        }
  const draft: OrderDraft = {
    kind,
    lots,
    limitPrice: limit.value,
    fundPassword,
    leverage,
    validity,
    ...(kind === 'stop' || kind === 'stop_limit' ? { triggerPrice: trigger.value } : {}),
    ...(kind === 'trailing' ? { trail: priceOf(trailText) } : {}),
    ...(exit ? { exit } : {}),
    ...(account === 'nisa' ? { account } : {}),
  }
  const priced = rules ? priceDraft(draft, rules, quote.price) : null

  return {
    kind,
    setKind,
    lotsText,
    setLotsText,
    stepLots: (direction: 1 | -1) =>
      setLotsText(String(Math.max(1, (Number.isFinite(lots) ? lots : 0) + direction))),
    limit,
    trigger,
    trailText,
    setTrailText,
    validity,
    setValidity,
    exits,
    setExits,
    exitPrice,
    exitTrigger,
    fundPassword,
    setFundPassword,
    leverage,
    setLeverage,
    account,
    setAccount,
    draft,
    estimate: priced?.ok ? priced.estimate : null,
    problem: priced && !priced.ok ? priced.msg : null,
  }
}

export type OrderForm = ReturnType<typeof useOrderForm>
