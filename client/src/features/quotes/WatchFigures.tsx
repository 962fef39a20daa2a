import type { Quote } from '@kabu/shared/market/types'
import { memo, type CSSProperties } from 'react'
import { Change } from '../../ui/price/Change'
import { Price } from '../../ui/price/Price'
import { useLiveQuote } from '../../ui/price/use-live-quote'
import { countRender } from './render-probe'

export type WatchSeed = Pick<Quote, 'code' | 'market' | 'kind' | 'name'>

const PRICE_BOX: CSSProperties = { minWidth: 88, textAlign: 'right' }

/**
 * A watched code's price and change pill, following the feed: the only part of a watchlist row
 * that subscribes, so a tick re-renders these two figures of one row and nothing else.
 */
export const WatchFigures = memo(function WatchFigures({ seed }: { seed: WatchSeed }) {
  const { quote, stale } = useLiveQuote(seed)
  countRender(`watch-quote:${seed.code}`)
  const { price, change, changePct } = quote as Partial<Quote>
  return (
    <>
      <span style={PRICE_BOX}>
        <Price
          value={price}
          market={seed.market}
          kind={seed.kind}
          change={change}
          stale={stale}
          fontSize={16}
          testId={`price-${seed.code}`}
        />
      </span>
      <Change
        change={change}
        changePct={changePct}
        market={seed.market}
        kind={seed.kind}
        price={price ?? 0}
        variant="pill"
      />
    </>
  )
})
