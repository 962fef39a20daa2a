import type { Userinfo } from '@kabu/shared/api/user'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { SegmentTabs } from '../../ui/SegmentTabs'

const MARKETS: { type: MarketType; label: string }[] = [
  { type: 'jpy', label: 'mine.wallet.jpy' },
  { type: 'usd', label: 'mine.wallet.usd' },
  { type: 'cny', label: 'mine.wallet.cny' },
]

interface Props {
  userinfo: Userinfo | null
  marketType: MarketType
  loading: boolean
  unavailable: boolean
  onSelectMarket: (type: MarketType) => void
  onRetry: () => void
}

/** The balance of one market's wallet, as getUserinfo reports it for that `type`. */
export function BalanceCard({
  userinfo,
  marketType,
  loading,
  unavailable,
  onSelectMarket,
  onRetry,
}: Props) {
  const intl = useIntl()
  const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[marketType]]
  const money = (value: string | undefined) => formatMoney(value, currency, intl.locale)

  return (
    <Card variant="outlined">
      <SegmentTabs
        value={marketType}
        onChange={onSelectMarket}
        tabs={MARKETS.map((m) => ({
          value: m.type,
          label: intl.formatMessage({ id: m.label }),
          testId: `balance-${m.type}`,
        }))}
      />
      <Stack spacing={1.5} sx={{ p: 2 }}>
        {unavailable && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                <FormattedMessage id="common.retry" />
              </Button>
            }
          >
            <FormattedMessage id="mine.balance.unavailable" />
          </Alert>
        )}
        <div>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="mine.balance.available" values={{ currency }} />
          </Typography>
          <Typography
            variant="h4"
            component="p"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            data-testid="balance-available"
          >
            {loading || !userinfo ? <Skeleton width="70%" /> : money(userinfo[marketType])}
          </Typography>
        </div>
        <Stack direction="row" spacing={2}>
          <Figure
            label={<FormattedMessage id="mine.balance.borrowed" />}
            loading={loading || !userinfo}
          >
            {userinfo && money(userinfo[`${marketType}yjed`])}
          </Figure>
          <Figure
            label={<FormattedMessage id="mine.balance.creditScore" />}
            loading={loading || !userinfo}
          >
            {userinfo?.credit_score}
          </Figure>
        </Stack>
      </Stack>
    </Card>
  )
}

function Figure({
  label,
  loading,
  children,
}: {
  label: React.ReactNode
  loading: boolean
  children: React.ReactNode
}) {
  return (
    <Stack sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {loading ? <Skeleton width="60%" /> : children}
      </Typography>
    </Stack>
  )
}
