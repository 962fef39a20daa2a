import type { DepositRecord } from '@kabu/shared/api/funds'
import type { MarketType } from '@kabu/shared/market/types'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { isBrokerRefusal } from '../../api/refusal'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import { RequireSession } from '../../ui/RequireSession'
import { fetchDeposits } from './funds.api'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { ReviewRecord } from './ReviewRecord'

/** /mine/stored: the user's deposits with their review status and timeline. */
export function StoredScreen() {
  const [type, setType] = useState<MarketType>('jpy')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.funds.stored.title" />} />
      <MarketTypeTabs of="wallet" testIdPrefix="market-" value={type} onChange={setType} />
      <DepositList key={type} type={type} />
    </RequireSession>
  )
}

function DepositList({ type }: { type: MarketType }) {
  const intl = useIntl()
  const [rows, setRows] = useState<DepositRecord[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    fetchDeposits(type)
      .then((r) => live && setRows(r))
      .catch((e: unknown) => {
        if (!isBrokerRefusal(e)) throw e
        if (live) setError(e.msg)
      })
    return () => {
      live = false
    }
  }, [type])

  if (error) return <Alert severity="error">{translateServerMessage(error)}</Alert>
  if (!rows) return <Loading />
  if (rows.length === 0) return <EmptyState />
  return (
    <Box sx={{ px: 2 }} data-testid="deposit-records">
      {rows.map((r) => (
        <ReviewRecord
          key={r.id}
          status={r.status}
          amount={formatMoney(r.money, r.currency, intl.locale)}
          orderNo={r.order_no}
          created={r.created}
          decided={r.decided}
          reason={r.reason}
        />
      ))}
    </Box>
  )
}
