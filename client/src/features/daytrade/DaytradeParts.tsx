import { daytradeStatusName, type DaytradeParticipation } from '@kabu/shared/api/daytrade'
import Chip from '@mui/material/Chip'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'

export function useDaytradeFormat() {
  const intl = useIntl()
  return {
    money: (value: string | null, currency: string) => formatMoney(value, currency, intl.locale),
    time: (ms: number) =>
      intl.formatDate(ms, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
    name: (n: { ja: string; zh: string; en: string }) =>
      n[intl.locale.startsWith('zh') ? 'zh' : intl.locale.startsWith('en') ? 'en' : 'ja'],
  }
}

const COLOR = {
  submitted: 'info',
  applied: 'info',
  trading: 'success',
  traded: 'default',
  failed: 'error',
} as const

/** Spec §4's intraday status of a participation, as a chip. */
export function StatusChip({ p }: { p: DaytradeParticipation }) {
  const name = daytradeStatusName(p.status) ?? 'submitted'
  return (
    <Chip
      size="small"
      color={COLOR[name]}
      label={<FormattedMessage id={`home.daytrade.status.${name}`} />}
      data-testid="daytrade-status"
      data-status={name}
    />
  )
}
