import { daytradeStatusName, type DaytradeDetail } from '@kabu/shared/api/daytrade'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { LabelRow } from '../../ui/LabelRow'
import { StatusChip, useDaytradeFormat } from './DaytradeParts'

/** The participation: its status and what it means now, the funds, the book, P/L, the settlement. */
export function ParticipationCard({ p }: { p: DaytradeDetail }) {
  const f = useDaytradeFormat()
  const name = daytradeStatusName(p.status) ?? 'submitted'
  const help = {
    time: p.status === 4 ? f.time(p.opens_at ?? 0) : f.time(p.closes_at ?? 0),
    money: f.money(p.returned, p.currency),
    reason: p.reason ? translateServerMessage(p.reason) : '',
  }
  return (
    <Stack sx={{ p: 2 }} data-testid="daytrade-participation">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">{p.order_no}</Typography>
        <StatusChip p={p} />
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="daytrade-help">
        <FormattedMessage id={`home.daytrade.help.${name}`} values={help} />
      </Typography>
      <LabelRow label={<FormattedMessage id="home.daytrade.funds" />}>
        {f.money(p.money, p.currency)}
      </LabelRow>
      {p.balance !== null && (
        <LabelRow label={<FormattedMessage id="home.daytrade.balance" />}>
          <span data-testid="daytrade-balance">{f.money(p.balance, p.currency)}</span>
        </LabelRow>
      )}
      <LabelRow label={<FormattedMessage id="home.daytrade.pnl" />}>
        {f.money(p.pnl, p.currency)}
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.daytrade.fees" />}>
        {f.money(p.fees, p.currency)}
      </LabelRow>
      {p.closes_at !== null && (
        <LabelRow label={<FormattedMessage id="home.daytrade.closesAt" />}>
          {f.time(p.closes_at)}
        </LabelRow>
      )}
      {p.returned !== null && (
        <LabelRow label={<FormattedMessage id="home.daytrade.returned" />}>
          <span data-testid="daytrade-returned">{f.money(p.returned, p.currency)}</span>
        </LabelRow>
      )}
    </Stack>
  )
}
