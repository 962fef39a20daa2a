import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { CompactNumber } from '../../ui/price/CompactNumber'
import { Change } from '../../ui/price/Change'
import { localName } from '../../ui/price/names'
import { MarketPageFrame } from './MarketPageFrame'

/** /markets/sectors: each sector's average change and turnover, with its leader and laggard. */
export function SectorsPage() {
  const intl = useIntl()
  return (
    <MarketPageFrame page="sectors">
      {({ market, sectors }) =>
        sectors.map((s) => (
          <Box
            key={s.sector}
            sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
            data-testid={`markets-sector-${s.sector}`}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="body1" sx={{ fontWeight: 600 }}>
                <FormattedMessage id={`markets.sector.${s.sector}`} />
              </Typography>
              <Change
                change={s.changePct}
                changePct={s.changePct}
                market={market}
                kind="stock"
                price={0}
                variant="pill"
              />
            </Box>
            <Typography variant="caption" color="text.secondary" component="div">
              <FormattedMessage id="markets.turnover" /> <CompactNumber value={s.turnover} /> ·{' '}
              <FormattedMessage id="markets.advancers" /> {s.advancers} ·{' '}
              <FormattedMessage id="markets.decliners" /> {s.decliners}
            </Typography>
            <Typography variant="caption" component="div">
              <FormattedMessage id="markets.leader" />: {localName(s.leader.name, intl.locale)}{' '}
              <Change
                change={s.leader.changePct}
                changePct={s.leader.changePct}
                market={market}
                kind="stock"
                price={s.leader.price}
                variant="pct"
              />
              {/* A one-stock sector's leader is its laggard too: say it once. */}
              {s.stocks > 1 && (
                <>
                  {' · '}
                  <FormattedMessage id="markets.laggard" />:{' '}
                  {localName(s.laggard.name, intl.locale)}{' '}
                  <Change
                    change={s.laggard.changePct}
                    changePct={s.laggard.changePct}
                    market={market}
                    kind="stock"
                    price={s.laggard.price}
                    variant="pct"
                  />
                </>
              )}
            </Typography>
          </Box>
        ))
      }
    </MarketPageFrame>
  )
}
