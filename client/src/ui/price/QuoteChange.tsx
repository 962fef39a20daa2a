import type { Quote } from '@kabu/shared/market/types'
import { Change, type ChangeProps } from './Change'

/** What a change is drawn from: a seed may not carry its price and change yet. */
type ChangedQuote = Pick<Quote, 'market' | 'kind'> &
  Partial<Pick<Quote, 'price' | 'change' | 'changePct'>>

/**
 * A quote's change and percent. The price only picks the change's precision, so a seed without
 * one yet formats as for a price of 0.
 */
export function QuoteChange({
  quote: { change, changePct, market, kind, price = 0 },
  ...shown
}: { quote: ChangedQuote } & Pick<ChangeProps, 'variant' | 'testId'>) {
  return (
    <Change
      change={change}
      changePct={changePct}
      market={market}
      kind={kind}
      price={price}
      {...shown}
    />
  )
}
