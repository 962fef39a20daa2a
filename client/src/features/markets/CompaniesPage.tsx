import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import Stack from '@mui/material/Stack'
import type { CompanyRow } from '@kabu/shared/market/summary'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { CompactNumber } from '../../ui/price/CompactNumber'
import { MarketPageFrame } from './MarketPageFrame'
import { StockLine } from './StockLine'

const BY = ['cap', 'turnover', 'pe'] as const
type By = (typeof BY)[number]

const figureOf = (row: CompanyRow, by: By) =>
  by === 'cap' ? (
    <CompactNumber value={row.marketCap} />
  ) : by === 'turnover' ? (
    <CompactNumber value={row.turnover} />
  ) : (
    <FormattedMessage id="markets.pe" values={{ pe: row.pe ?? '--' }} />
  )

/** /markets/companies: the largest companies, the most traded, and the cheapest by PE. */
export function CompaniesPage() {
  const [by, setBy] = useState<By>('cap')
  return (
    <MarketPageFrame page="companies">
      {({ market, companies }) => (
        <>
          <Stack direction="row" spacing={1} sx={{ px: 2, py: 1.5 }} role="tablist">
            {BY.map((key) => (
              <Chip
                key={key}
                role="tab"
                aria-selected={key === by}
                label={<FormattedMessage id={`markets.companies.${key}`} />}
                color={key === by ? 'primary' : 'default'}
                variant={key === by ? 'filled' : 'outlined'}
                onClick={() => setBy(key)}
                data-testid={`markets-companies-${key}`}
              />
            ))}
          </Stack>
          <List disablePadding>
            {companies[by].map((row) => (
              <StockLine key={row.code} stock={row} market={market} extra={figureOf(row, by)} />
            ))}
          </List>
        </>
      )}
    </MarketPageFrame>
  )
}
