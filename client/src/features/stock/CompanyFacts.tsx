import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { CompanyFacts as Facts } from '@kabu/shared/market/depth'
import type { Quote } from '@kabu/shared/market/types'
import { fetchCompany } from '../../realtime/market-api'
import { useMarketQuery } from '../../realtime/use-market-query'
import { EmptyState } from '../../ui/EmptyState'
import { Loading } from '../../ui/Loading'
import { CompactNumber } from '../../ui/price/CompactNumber'
import { MarketLoadFailed } from '../../ui/price/MarketLoadFailed'
import { priceFormatOptions } from '../../ui/price/format'
import { NextExDate } from './NextExDate'

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.75, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" noWrap>
        <FormattedMessage id={label} />
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}
        noWrap
      >
        {children}
      </Typography>
    </Box>
  )
}

/** Company facts: sector, size, valuation ratios and the 52-week range; fundamentals are simulated. */
export function CompanyFacts({ quote }: { quote: Quote }) {
  const intl = useIntl()
  const query = useMarketQuery(quote.code, (signal) => fetchCompany(quote.code, signal))
  if (quote.kind === 'index') {
    return <EmptyState text={<FormattedMessage id="stock.company.index" />} />
  }
  const facts: Facts | undefined = query.data
  if (!facts) {
    return query.error ? (
      <MarketLoadFailed error={query.error} onRetry={query.reload} />
    ) : (
      <Loading />
    )
  }
  const price = (value: number | null) =>
    value === null
      ? '--'
      : intl.formatNumber(value, priceFormatOptions(quote.market, quote.kind, value))
  const ratio = (value: number | null) =>
    value === null
      ? '--'
      : intl.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const percent = (value: number | null) =>
    value === null
      ? '--'
      : intl.formatNumber(value / 100, {
          style: 'percent',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        })
  return (
    <Box data-testid="company-facts" sx={{ px: 2, py: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 3 }}>
        <Fact label="stock.company.sector" testId="company-sector">
          <FormattedMessage
            id={`stock.company.sector.${facts.sector}`}
            defaultMessage={facts.sector}
          />
        </Fact>
        <Fact label="stock.company.marketCap" testId="company-marketcap">
          <CompactNumber value={quote.marketCap} />
        </Fact>
        <Fact label="stock.company.pe" testId="company-pe">
          {ratio(facts.pe)}
        </Fact>
        <Fact label="stock.company.pb" testId="company-pb">
          {ratio(facts.pb)}
        </Fact>
        <Fact label="stock.company.eps" testId="company-eps">
          {ratio(facts.eps)}
        </Fact>
        <Fact label="stock.company.dividendYield" testId="company-yield">
          {percent(facts.dividendYield)}
        </Fact>
        <Fact label="stock.company.high52w" testId="company-high52w">
          {price(facts.high52w)}
        </Fact>
        <Fact label="stock.company.low52w" testId="company-low52w">
          {price(facts.low52w)}
        </Fact>
        <Fact label="stock.company.shares" testId="company-shares">
          <CompactNumber value={facts.sharesOutstanding} />
        </Fact>
        <Fact label="stock.company.dividendPerShare" testId="company-dps">
          {ratio(facts.dividendPerShare)}
        </Fact>
      </Box>
      <NextExDate quote={quote} />
      {facts.simulated && (
        <Typography variant="caption" component="p" color="warning.main" sx={{ pt: 1 }}>
          <FormattedMessage id="stock.company.simulated" />
        </Typography>
      )}
    </Box>
  )
}
