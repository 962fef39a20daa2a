import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { memo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { PrintSide } from '@kabu/shared/market/depth'
import type { Quote } from '@kabu/shared/market/types'
import { TIME_ZONE } from '@kabu/shared/market/time-zone'
import { EmptyState } from '../../ui/EmptyState'
import { Loading } from '../../ui/Loading'
import { priceFormatOptions } from '../../ui/price/format'
import { useTrendColor } from '../../ui/price/use-trend-color'
import { DepthFailed } from './DepthFailed'
import { useDepth } from './use-depth'

interface RowProps {
  time: number
  price: number
  size: number
  side: PrintSide
  market: Quote['market']
  kind: Quote['kind']
}

const COLUMNS = '5.5em 1fr 1fr 2.5em'

/** One print; memo'd on plain values, so a new print renders one row, not the whole tape. */
const TapeRow = memo(function TapeRow({ time, price, size, side, market, kind }: RowProps) {
  const intl = useIntl()
  // A buy lifted the offer (the up colour), a sell hit the bid (the down colour): text colours.
  const color = useTrendColor(side === 'buy' ? 1 : -1)
  return (
    <Box
      data-testid="tape-row"
      data-side={side}
      sx={{
        display: 'grid',
        gridTemplateColumns: COLUMNS,
        px: 2,
        py: 0.25,
        fontSize: 14,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      <Box sx={{ color: 'text.secondary' }}>
        {intl.formatTime(time, {
          timeZone: TIME_ZONE[market],
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        })}
      </Box>
      <Box sx={{ color, fontWeight: 600, textAlign: 'right' }}>
        {intl.formatNumber(price, priceFormatOptions(market, kind, price))}
      </Box>
      <Box sx={{ textAlign: 'right' }}>{intl.formatNumber(size)}</Box>
      <Box sx={{ color, textAlign: 'right' }}>
        <FormattedMessage id={side === 'buy' ? 'stock.tape.buy' : 'stock.tape.sell'} />
      </Box>
    </Box>
  )
})

/** A VWAP falls between ticks: one digit more than the price shows. */
function vwapOptions(quote: Quote, vwap: number) {
  const options = priceFormatOptions(quote.market, quote.kind, vwap)
  return { ...options, maximumFractionDigits: (options.maximumFractionDigits ?? 0) + 1 }
}

/** Time & sales (歩み値): today's prints, newest first, coloured by side, under today's VWAP. */
export function TimeAndSales({ quote }: { quote: Quote }) {
  const intl = useIntl()
  const { depth, failed, retry } = useDepth(quote.code)
  if (failed) return <DepthFailed onRetry={retry} />
  if (!depth) return <Loading />
  return (
    <Box data-testid="time-and-sales" sx={{ py: 1 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', px: 2, py: 0.75, bgcolor: 'action.hover' }}
      >
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="stock.tape.vwap" />
        </Typography>
        <Typography
          variant="body2"
          data-testid="tape-vwap"
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
        >
          {depth.vwap === null
            ? '--'
            : intl.formatNumber(depth.vwap, vwapOptions(quote, depth.vwap))}
        </Typography>
      </Stack>
      {depth.tape.length === 0 ? (
        <EmptyState text={<FormattedMessage id="stock.tape.empty" />} />
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: COLUMNS,
              px: 2,
              pt: 1,
              color: 'text.secondary',
              fontSize: 12,
              '& > :not(:first-of-type)': { textAlign: 'right' },
            }}
          >
            <span>
              <FormattedMessage id="stock.tape.time" />
            </span>
            <span>
              <FormattedMessage id="stock.depth.price" />
            </span>
            <span>
              <FormattedMessage id="stock.depth.size" />
            </span>
            <span />
          </Box>
          {depth.tape.map((print) => (
            <TapeRow
              key={print.seq}
              time={print.time}
              price={print.price}
              size={print.size}
              side={print.side}
              market={quote.market}
              kind={quote.kind}
            />
          ))}
        </>
      )}
      <Typography variant="caption" component="p" color="warning.main" sx={{ px: 2, pt: 1 }}>
        <FormattedMessage id="stock.depth.simulated" />
      </Typography>
    </Box>
  )
}
