import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { InvestorTrends } from '@kabu/shared/market/summary'
import { FormattedDate, FormattedMessage } from 'react-intl'
import { CompactNumber } from '../../ui/price/CompactNumber'
import { useTrendColor } from '../../ui/price/use-trend-color'
import { Heading } from './Heading'
import { MarketPageFrame } from './MarketPageFrame'

const GROUPS = ['foreigners', 'individuals', 'institutions'] as const

function Flow({ value }: { value: number }) {
  const color = useTrendColor(value)
  return (
    <Typography
      variant="body2"
      sx={{ color, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
    >
      {value > 0 && '+'}
      <CompactNumber value={value} />
    </Typography>
  )
}

function Week({ week }: { week: InvestorTrends['weeks'][number] }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: '1.2fr 1fr 1fr 1fr', gap: 1, px: 2, py: 1 }}
      data-testid="markets-investor-week"
    >
      <Typography variant="body2">
        <FormattedDate value={week.week * 1000} month="numeric" day="numeric" />
      </Typography>
      {GROUPS.map((g) => (
        <Flow key={g} value={week[g]} />
      ))}
    </Box>
  )
}

/** /markets/investors: (simulated) weekly net buying of foreigners, individuals, institutions. */
export function InvestorsPage() {
  return (
    <MarketPageFrame page="investors" simulatedNote>
      {({ investorTrends }) => (
        <>
          <Heading>
            <FormattedMessage id="markets.investors.unit" />
          </Heading>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: '1.2fr 1fr 1fr 1fr',
              gap: 1,
              px: 2,
              color: 'text.secondary',
              borderBottom: 1,
              borderColor: 'divider',
              pb: 0.5,
            }}
          >
            <span />
            {GROUPS.map((g) => (
              <Typography key={g} variant="caption" sx={{ textAlign: 'right' }}>
                <FormattedMessage id={`markets.investors.${g}`} />
              </Typography>
            ))}
          </Box>
          {[...investorTrends.weeks].reverse().map((week) => (
            <Week key={week.week} week={week} />
          ))}
        </>
      )}
    </MarketPageFrame>
  )
}
