import { memo } from 'react'
import { useIntl } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { localName } from '../../ui/price/names'
import { QuoteChange } from '../../ui/price/QuoteChange'
import { QuotePrice } from '../../ui/price/QuotePrice'
import { useLiveQuote } from '../../ui/price/use-live-quote'
import { useOpenStock } from '../../ui/price/use-open-stock'

/**
 * An index as a live card: name, level, change; tapping opens its detail. A plain button
 * (app.css `k-index-card`, MUI's outlined Card with an action area): home opens with a row of
 * them, and each tick re-renders its figures.
 */
export const IndexCard = memo(function IndexCard({ seed }: { seed: Quote }) {
  const open = useOpenStock()
  return (
    <button
      type="button"
      className="k-index-card"
      data-testid={`index-${seed.code}`}
      onClick={() => open(seed)}
    >
      <IndexFigures seed={seed} />
    </button>
  )
})

/** What a tick changes, in a component of its own: the card around it renders once. */
function IndexFigures({ seed }: { seed: Quote }) {
  const intl = useIntl()
  const { quote, stale } = useLiveQuote(seed)
  return (
    <>
      <span className="k-caption k-text-2 k-nowrap">{localName(quote.name, intl.locale)}</span>
      <QuotePrice quote={quote} stale={stale} testId={`price-${seed.code}`} fontSize={19} />
      <span className="k-caption">
        <QuoteChange quote={quote} />
      </span>
    </>
  )
}

/** A card's shape while the indices load (app.css `k-index-card-skeleton`). */
export function IndexCardSkeleton() {
  return (
    <div className="k-index-card-skeleton" aria-hidden>
      <span className="k-skeleton k-skeleton-text" style={{ width: '70%', height: 20 }} />
      <span className="k-skeleton k-skeleton-text" style={{ width: '90%', height: 30 }} />
      <span className="k-skeleton k-skeleton-text" style={{ width: '60%', height: 20 }} />
    </div>
  )
}
