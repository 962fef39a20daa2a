import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { CompactNumber } from '../../ui/price/CompactNumber'
import { priceSetFormatOptions } from '../../ui/price/format'

function Field({
  label,
  testId,
  wide,
  children,
}: {
  label: ReactNode
  testId: string
  /** Spans both columns (a pair of prices would not fit half a phone). */
  wide?: boolean
  children: ReactNode
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 1,
        py: 0.75,
        minWidth: 0,
        gridColumn: wide ? '1 / -1' : undefined,
      }}
    >
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
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

/** The day's figures: open, previous close, high, low, volume, turnover, market cap, price limits. */
export function QuoteFields({ quote }: { quote: Quote }) {
  const intl = useIntl()
  // The day's prices side by side read alike: one number of digits for all of them.
  const options = priceSetFormatOptions(quote.market, quote.kind, [
    quote.price,
    quote.open,
    quote.prevClose,
    quote.high,
    quote.low,
    quote.limitUp,
    quote.limitDown,
  ])
  const price = (value: number | null) =>
    value === null ? '--' : intl.formatNumber(value, options)
  const isIndex = quote.kind === 'index'
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        columnGap: 3,
        px: 2,
        pb: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Field label={<FormattedMessage id="stock.open" />} testId="quote-open">
        {price(quote.open)}
      </Field>
      <Field label={<FormattedMessage id="stock.prevClose" />} testId="quote-prevclose">
        {price(quote.prevClose)}
      </Field>
      <Field label={<FormattedMessage id="stock.high" />} testId="quote-high">
        {price(quote.high)}
      </Field>
      <Field label={<FormattedMessage id="stock.low" />} testId="quote-low">
        {price(quote.low)}
      </Field>
      <Field label={<FormattedMessage id="stock.volume" />} testId="quote-volume">
        {isIndex ? '--' : <CompactNumber value={quote.volume} />}
      </Field>
      <Field label={<FormattedMessage id="stock.turnover" />} testId="quote-turnover">
        {isIndex ? '--' : <CompactNumber value={quote.turnover} />}
      </Field>
      <Field label={<FormattedMessage id="stock.marketCap" />} testId="quote-marketcap">
        {isIndex ? '--' : <CompactNumber value={quote.marketCap} />}
      </Field>
      {quote.limitUp !== null && quote.limitDown !== null && (
        <Field label={<FormattedMessage id="stock.limits" />} testId="quote-limits" wide>
          {`${price(quote.limitUp)} / ${price(quote.limitDown)}`}
        </Field>
      )}
    </Box>
  )
}
