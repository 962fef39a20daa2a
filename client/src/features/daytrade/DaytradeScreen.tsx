import { DAYTRADE_CUTOFF, DAYTRADE_STATUS } from '@kabu/shared/api/daytrade'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { useSearchParams } from 'react-router-dom'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { ApplyPanel } from './ApplyPanel'
import { OrderTicket } from './OrderTicket'
import { ParticipationCard } from './ParticipationCard'
import { FillRows, PositionRows } from './PositionRows'
import { useDaytrade } from './use-daytrade'
import { SegmentTabs } from '../../ui/SegmentTabs'

const TYPES: MarketType[] = ['jpy', 'usd']

/**
 * /home/withinDays (spec §2 "Day trading"): per market, the published rules, the apply form with
 * its confirmation, the newest participation in spec §4's states, the order ticket while trading,
 * the open positions with live P/L, the transaction details with the forced close, the settlement.
 */
export function DaytradeScreen() {
  const [params, setParams] = useSearchParams()
  const type: MarketType = params.get('type') === 'usd' ? 'usd' : 'jpy'
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="home.daytrade.title" />} />
      <SegmentTabs
        value={type}
        onChange={(v) => setParams({ type: v }, { replace: true })}
        tabs={TYPES.map((t) => ({
          value: t,
          label: <FormattedMessage id={`home.daytrade.market.${MARKET_OF_TYPE[t]}`} />,
          testId: `daytrade-market-${t}`,
        }))}
      />
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid="daytrade-rules">
        <FormattedMessage
          id="home.daytrade.rules"
          values={{ close: DAYTRADE_CUTOFF[MARKET_OF_TYPE[type]] }}
        />
      </Typography>
      <Divider />
      <Participation key={type} type={type} />
    </RequireSession>
  )
}

function Participation({ type }: { type: MarketType }) {
  const [state, send] = useDaytrade(type)
  const current = state.context.snapshot?.current ?? null
  const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]
  if (state.matches('loadFailed')) {
    return <LoadFailed error={state.context.error} onRetry={() => send({ type: 'RETRY' })} />
  }
  if (state.context.snapshot === null) return <Loading />
  const applying =
    state.matches('none') || state.matches('confirmingApply') || state.matches('applying')
  const trading =
    state.matches('trading') ||
    state.matches('confirmingOrder') ||
    state.matches('ordering') ||
    // The poll's reload of a trading participation keeps the ticket, and what is typed in it.
    (state.matches('loading') && current?.status === DAYTRADE_STATUS.trading)
  const finished = state.matches('traded') || state.matches('failed')
  if (applying) return <ApplyPanel state={state} send={send} currency={currency} />
  if (!current) return <Loading />
  return (
    <>
      <ParticipationCard p={current} />
      {finished && (
        <Button
          sx={{ mx: 2 }}
          variant="outlined"
          onClick={() => send({ type: 'NEW' })}
          data-testid="daytrade-new"
        >
          <FormattedMessage id="home.daytrade.new" />
        </Button>
      )}
      {trading && <OrderTicket state={state} send={send} />}
      <Divider />
      <PositionRows detail={current} />
      <FillRows detail={current} />
    </>
  )
}
