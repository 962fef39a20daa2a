import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import { memo } from 'react'
import { useIntl } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { localName } from '../../ui/price/names'
import { QuoteChange } from '../../ui/price/QuoteChange'
import { QuotePrice } from '../../ui/price/QuotePrice'
import { useLiveQuote } from '../../ui/price/use-live-quote'
import { useOpenStock } from '../../ui/price/use-open-stock'

const CARD_SX = { minWidth: 148, flex: '0 0 auto', borderRadius: 2 } as const

/** An index as a live card: name, level, change; tapping opens its detail. */
export const IndexCard = memo(function IndexCard({ seed }: { seed: Quote }) {
  const open = useOpenStock()
  return (
    <Card variant="outlined" sx={CARD_SX} data-testid={`index-${seed.code}`}>
      <CardActionArea onClick={() => open(seed)} sx={{ p: 1.5 }}>
        <IndexFigures seed={seed} />
      </CardActionArea>
    </Card>
  )
})

/**
 * What a tick changes, in a component of its own: a tick re-renders these three lines, not the
 * card and its ripple-bearing action area around them.
 */
function IndexFigures({ seed }: { seed: Quote }) {
  const intl = useIntl()
  const { quote, stale } = useLiveQuote(seed)
  return (
    <>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {localName(quote.name, intl.locale)}
      </Typography>
      <QuotePrice quote={quote} stale={stale} testId={`price-${seed.code}`} fontSize={19} />
      <Typography variant="caption" component="div">
        <QuoteChange quote={quote} />
      </Typography>
    </>
  )
}

export function IndexCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ ...CARD_SX, p: 1.5 }} aria-hidden>
      <Skeleton width="70%" />
      <Skeleton width="90%" height={30} />
      <Skeleton width="60%" />
    </Card>
  )
}
