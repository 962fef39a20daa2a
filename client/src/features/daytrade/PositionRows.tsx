import type { DaytradeDetail, DaytradePosition } from '@kabu/shared/api/daytrade'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { useQuote } from '../../realtime'
import { EmptyState } from '../../ui/EmptyState'
import { LabelRow } from '../../ui/LabelRow'
import { useDaytradeFormat } from './DaytradeParts'
import { livePnl } from './positions-pnl'

/** The open positions with their live P/L (the socket's price of each code). */
export function PositionRows({ detail }: { detail: DaytradeDetail }) {
  return (
    <Stack sx={{ px: 2, pb: 1 }} data-testid="daytrade-positions">
      <Typography variant="subtitle1" sx={{ pt: 1 }}>
        <FormattedMessage id="home.daytrade.positions" />
      </Typography>
      {detail.positions.length === 0 ? (
        <EmptyState text={<FormattedMessage id="home.daytrade.noPositions" />} />
      ) : (
        detail.positions.map((p) => <PositionRow key={p.code} p={p} currency={detail.currency} />)
      )}
    </Stack>
  )
}

function PositionRow({ p, currency }: { p: DaytradePosition; currency: string }) {
  const f = useDaytradeFormat()
  const live = useQuote(p.code)
  const pnl = livePnl(p, live?.price)
  const last = live?.price !== undefined ? String(live.price) : p.last
  return (
    <Stack data-testid={`daytrade-position-${p.code}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pt: 1 }}>
        <Typography variant="body1">
          {f.name(p.name)} {p.code}
        </Typography>
        <Chip
          size="small"
          color={p.qty > 0 ? 'error' : 'success'}
          label={<FormattedMessage id={p.qty > 0 ? 'home.daytrade.long' : 'home.daytrade.short'} />}
        />
        <Typography variant="body2">{Math.abs(p.qty)}</Typography>
      </Stack>
      <LabelRow label={<FormattedMessage id="home.daytrade.avg" />}>
        {f.money(p.avg_price, currency)}
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.daytrade.last" />}>
        {f.money(last, currency)}
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.daytrade.livePnl" />}>
        <span data-testid="daytrade-live-pnl">{f.money(pnl, currency)}</span>
      </LabelRow>
      <Divider />
    </Stack>
  )
}

/** Transaction details: every fill, the system's forced close marked. */
export function FillRows({ detail }: { detail: DaytradeDetail }) {
  const f = useDaytradeFormat()
  return (
    <Stack sx={{ px: 2, pb: 2 }} data-testid="daytrade-fills">
      <Typography variant="subtitle1" sx={{ pt: 1 }}>
        <FormattedMessage id="home.daytrade.fills" />
      </Typography>
      {detail.fills.length === 0 ? (
        <EmptyState text={<FormattedMessage id="home.daytrade.noFills" />} />
      ) : (
        detail.fills.map((fill) => (
          <Stack key={fill.id} data-testid="daytrade-fill" data-forced={fill.forced}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pt: 1 }}>
              <Typography variant="body2">
                <FormattedMessage id={`home.daytrade.order.${fill.side}`} /> {f.name(fill.name)}{' '}
                {fill.code} × {fill.num}
              </Typography>
              {fill.forced && (
                <Chip
                  size="small"
                  color="warning"
                  label={<FormattedMessage id="home.daytrade.forced" />}
                  data-testid="daytrade-forced"
                />
              )}
            </Stack>
            <LabelRow label={f.time(fill.created)}>
              {f.money(fill.price, detail.currency)} · <FormattedMessage id="home.daytrade.fees" />{' '}
              {f.money(fill.fee, detail.currency)}
            </LabelRow>
            <LabelRow label={<FormattedMessage id="home.daytrade.realised" />}>
              {f.money(fill.realised, detail.currency)}
            </LabelRow>
            <Divider />
          </Stack>
        ))
      )}
    </Stack>
  )
}
