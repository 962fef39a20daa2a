import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { FormattedMessage, FormattedNumber } from 'react-intl'
import { Figure, Figures } from './Figure'
import { MarketPageFrame } from './MarketPageFrame'

const percent = (value: number) => (
  <FormattedNumber value={value / 100} style="percent" minimumFractionDigits={1} />
)

/** /markets/short-selling: the (simulated) short-sale ratio of the market and of each sector. */
export function ShortSellingPage() {
  return (
    <MarketPageFrame page="short-selling" simulatedNote>
      {({ shortSelling }) => (
        <>
          <Figures columns={1}>
            <Figure
              label={<FormattedMessage id="markets.short.market" />}
              value={percent(shortSelling.ratio)}
              testId="markets-short-ratio"
            />
          </Figures>
          {shortSelling.sectors.map((s) => (
            <Box key={s.sector} sx={{ px: 2, py: 1 }} data-testid={`markets-short-${s.sector}`}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                <Typography variant="body2">
                  <FormattedMessage id={`markets.sector.${s.sector}`} />
                </Typography>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {percent(s.ratio)}
                </Typography>
              </Box>
              <LinearProgress variant="determinate" value={s.ratio} aria-hidden />
            </Box>
          ))}
        </>
      )}
    </MarketPageFrame>
  )
}
