import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { fromPromise } from 'xstate'
import type { WireDividend } from '@kabu/shared/api/actions'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { detailMachine } from '../../state/detail.machine'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { formatMoney } from '../../ui/money'
import { RequireSession } from '../../ui/RequireSession'
import { fetchDividends } from './dividends.api'
import { useDividendsPaid } from './use-dividend-paid'

// The list of one market, loaded by the shared one-record machine keyed by the market's type.
const liveDividendsMachine = detailMachine<WireDividend[]>('dividends').provide({
  actors: { fetchItem: fromPromise(({ input }) => fetchDividends(input.id as MarketType)) },
})

/** /mine/dividends: dividends expected and paid, with what was withheld (issue 36). */
export function DividendsScreen() {
  const [type, setType] = useState<MarketType>('jpy')
  const paid = useDividendsPaid()
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.dividends.title" />} />
      <MarketTypeTabs value={type} onChange={setType} testIdPrefix="dividends-market-" />
      <Dividends key={`${type}-${paid}`} type={type} />
    </RequireSession>
  )
}

function Dividends({ type }: { type: MarketType }) {
  const [state, send] = useMachine(liveDividendsMachine, { input: { id: type } })
  const { item: rows, failure } = state.context
  if (state.matches('loading')) return <Loading />
  if (!rows) return <LoadFailed error={failure} onRetry={() => send({ type: 'RETRY' })} />
  if (rows.length === 0) {
    return <EmptyState text={<FormattedMessage id="mine.dividends.empty" />} />
  }
  const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]
  return (
    <List data-testid="dividends-list">
      {rows.map((row) => (
        <DividendRow
          key={`${row.code}-${row.record_date}-${row.net}`}
          row={row}
          currency={currency}
        />
      ))}
    </List>
  )
}

function DividendRow({ row, currency }: { row: WireDividend; currency: string }) {
  const intl = useIntl()
  const money = (v: string) => formatMoney(v, currency, intl.locale)
  const short = row.net.startsWith('-')
  const withheld: [string, string][] = [
    ['mine.dividends.withheldForeign', row.withheld_foreign],
    ['mine.dividends.withheldNational', row.withheld_national],
    ['mine.dividends.withheldLocal', row.withheld_local],
  ]
  return (
    <ListItem divider data-testid="dividend-row" sx={{ display: 'block' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h2">
          {row.code}
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ ml: 1 }}
            data-testid="dividend-account"
          >
            <FormattedMessage id={`mine.accounts.kind.${row.account}`} />
          </Typography>
        </Typography>
        <Chip
          size="small"
          color={row.status === 'paid' ? 'success' : 'default'}
          label={<FormattedMessage id={`mine.dividends.status.${row.status}`} />}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p">
        <FormattedMessage
          id={short ? 'mine.dividends.shortDates' : 'mine.dividends.dates'}
          values={{ record: row.record_date, pay: row.pay_date, shares: row.shares }}
        />
      </Typography>
      <Typography variant="body2">
        <FormattedMessage id="mine.dividends.gross" />: {money(row.gross)}
      </Typography>
      {withheld
        .filter(([, amount]) => amount !== '0')
        .map(([label, amount]) => (
          <Typography key={label} variant="body2" color="text.secondary">
            <FormattedMessage id={label} />: {money(amount)}
          </Typography>
        ))}
      <Typography variant="body1" sx={{ fontWeight: 700 }} data-testid="dividend-net">
        <FormattedMessage id={short ? 'mine.dividends.paidBack' : 'mine.dividends.net'} />:{' '}
        {money(row.net)}
      </Typography>
    </ListItem>
  )
}
