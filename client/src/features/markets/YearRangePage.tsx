import List from '@mui/material/List'
import type { YearRangeRow } from '@kabu/shared/market/summary'
import type { Market } from '@kabu/shared/market/types'
import { FormattedMessage, FormattedNumber } from 'react-intl'
import { EmptyState } from '../../ui/EmptyState'
import { Heading } from './Heading'
import { MarketPageFrame } from './MarketPageFrame'
import { StockLine } from './StockLine'

function Rows({
  rows,
  market,
  bound,
}: {
  rows: YearRangeRow[]
  market: Market
  bound: 'high52w' | 'low52w'
}) {
  if (rows.length === 0) return <EmptyState text={<FormattedMessage id="markets.none" />} />
  return (
    <List disablePadding>
      {rows.map((r) => (
        <StockLine
          key={r.code}
          stock={r}
          market={market}
          extra={
            <>
              <FormattedMessage id={`markets.${bound}`} /> <FormattedNumber value={r[bound]} />
            </>
          }
        />
      ))}
    </List>
  )
}

/** /markets/year-range: stocks at or near their 52-week high, and near their low. */
export function YearRangePage() {
  return (
    <MarketPageFrame page="year-range">
      {({ market, yearHighs, yearLows }) => (
        <>
          <Heading>
            <FormattedMessage id="markets.yearHighs" />
          </Heading>
          <Rows rows={yearHighs} market={market} bound="high52w" />
          <Heading>
            <FormattedMessage id="markets.yearLows" />
          </Heading>
          <Rows rows={yearLows} market={market} bound="low52w" />
        </>
      )}
    </MarketPageFrame>
  )
}
