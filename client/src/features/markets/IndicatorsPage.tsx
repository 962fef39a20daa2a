import List from '@mui/material/List'
import { FormattedMessage, FormattedNumber } from 'react-intl'
import { CompactNumber } from '../../ui/price/CompactNumber'
import { useTrendColor } from '../../ui/price/use-trend-color'
import { Figure, Figures } from './Figure'
import { Heading } from './Heading'
import { MarketPageFrame } from './MarketPageFrame'
import { StockLine } from './StockLine'

/** /markets/indicators: advancers and decliners, limit moves, what traded, the indices. */
export function IndicatorsPage() {
  const up = useTrendColor(1)
  const down = useTrendColor(-1)
  return (
    <MarketPageFrame page="indicators">
      {({ market, indicators: x }) => (
        <>
          <Figures>
            <Figure
              label={<FormattedMessage id="markets.advancers" />}
              value={<FormattedNumber value={x.advancers} />}
              color={up}
              testId="markets-advancers"
            />
            <Figure
              label={<FormattedMessage id="markets.decliners" />}
              value={<FormattedNumber value={x.decliners} />}
              color={down}
              testId="markets-decliners"
            />
            <Figure
              label={<FormattedMessage id="markets.unchanged" />}
              value={<FormattedNumber value={x.unchanged} />}
            />
            <Figure
              label={<FormattedMessage id="markets.limitUp" />}
              value={<FormattedNumber value={x.limitUp} />}
              color={up}
            />
            <Figure
              label={<FormattedMessage id="markets.limitDown" />}
              value={<FormattedNumber value={x.limitDown} />}
              color={down}
            />
            <Figure
              label={<FormattedMessage id="markets.stocks" />}
              value={<FormattedNumber value={x.stocks} />}
              testId="markets-stocks"
            />
          </Figures>
          <Figures columns={2}>
            <Figure
              label={<FormattedMessage id="markets.turnover" />}
              value={<CompactNumber value={x.turnover} />}
            />
            <Figure
              label={<FormattedMessage id="markets.volume" />}
              value={<CompactNumber value={x.volume} />}
            />
          </Figures>
          <Heading>
            <FormattedMessage id="markets.indices" />
          </Heading>
          <List disablePadding>
            {x.indices.map((q) => (
              <StockLine key={q.code} stock={q} market={market} kind="index" />
            ))}
          </List>
        </>
      )}
    </MarketPageFrame>
  )
}
