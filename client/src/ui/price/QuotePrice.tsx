import type { Quote } from '@kabu/shared/market/types'
import { Price, type PriceProps } from './Price'

/** What a price is drawn from: a seed may not carry its price and change yet. */
type PricedQuote = Pick<Quote, 'market' | 'kind'> & Partial<Pick<Quote, 'price' | 'change'>>

/** A quote's price on its market's precision, coloured by its change. */
export function QuotePrice({
  quote: { price, market, kind, change },
  ...shown
}: { quote: PricedQuote } & Pick<PriceProps, 'stale' | 'testId' | 'fontSize'>) {
  return <Price value={price} market={market} kind={kind} change={change} {...shown} />
}
