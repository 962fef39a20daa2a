import type { WithdrawalRecord } from '@kabu/shared/api/funds'
import type { MarketType } from '@kabu/shared/market/types'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { isBrokerRefusal } from '../../api/refusal'
import { EmptyState } from '../../ui/EmptyState'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import { fetchWithdrawals } from './funds.api'
import { ReviewRecord } from './ReviewRecord'

/** The user's withdrawals, each with its timeline; `version` reloads them after a change. */
export function WithdrawalRecords({ type, version }: { type: MarketType; version: string }) {
  const intl = useIntl()
  const [rows, setRows] = useState<WithdrawalRecord[] | null>(null)
  useEffect(() => {
    let live = true
    fetchWithdrawals(type)
      .then((r) => live && setRows(r))
      .catch((e: unknown) => {
        if (!isBrokerRefusal(e)) throw e
        if (live) setRows([])
      })
    return () => {
      live = false
    }
  }, [type, version])

  return (
    <Box sx={{ px: 2, pb: 4 }} data-testid="withdraw-records">
      <Typography variant="subtitle2" sx={{ pt: 2 }}>
        <FormattedMessage id="mine.funds.withdraw.records" />
      </Typography>
      {rows === null ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        rows.map((r) => (
          <ReviewRecord
            key={r.id}
            status={r.status}
            amount={formatMoney(r.money, r.currency, intl.locale)}
            orderNo={r.order_no}
            created={r.created}
            decided={r.decided}
            paid={r.paid}
            reason={r.reason}
            detail={
              <Typography variant="body2" color="text.secondary">
                {r.bank_name} {r.card_number_masked}
              </Typography>
            }
          />
        ))
      )}
    </Box>
  )
}
