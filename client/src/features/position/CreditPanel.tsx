import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { WireCreditRequest } from '@kabu/shared/api/credit'
import type { WireHolding } from '@kabu/shared/api/trade'
import { CREDIT_RULES, maintenancePercent } from '@kabu/shared/market/credit'
import type { MarketType } from '@kabu/shared/market/types'
import { parseUnits } from '@kabu/shared/money/decimal'
import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { fetchCreditRequests } from '../../api/credit'
import { translateServerMessage } from '../../i18n/intl'
import { FigureRows } from '../../ui/FigureRows'
import { formatMoney } from '../../ui/money'
import { liveCreditMachine } from './credit.live'

const STATUS_IDS = [
  'stock.credit.request.pending',
  'stock.credit.request.applied',
  'stock.credit.request.rejected',
]

/**
 * A credit position's own figures under its detail: what it owes, the interest so far, the trust
 * funds added, the maintenance ratio at the live price against the published 20 %, and a margin
 * call's deadline and amount; trust funds are added after a confirmation and wait for review.
 */
export function CreditPanel({
  h,
  type,
  currency,
  onChanged,
}: {
  h: WireHolding & { credit: NonNullable<WireHolding['credit']> }
  type: MarketType
  currency: string
  onChanged: () => void
}) {
  const intl = useIntl()
  const money = (v: string | null) => formatMoney(v, currency, intl.locale)
  const machine = useMemo(() => liveCreditMachine(type), [type])
  const ended = h.status === 3 || h.status === 4
  const [state, send] = useMachine(machine, {
    input: { id: h.id, deadline: h.credit.call_deadline, ended },
  })
  const [amount, setAmount] = useState('')
  const [requests, setRequests] = useState<WireCreditRequest[] | null>(null)
  const trust = state.value.trustFunds
  const position = state.value.position

  const loadRequests = useCallback(() => {
    fetchCreditRequests(type)
      .then((rows) => setRequests(rows.filter((r) => r.holding_id === h.id)))
      .catch(() => setRequests([]))
  }, [type, h.id])
  useEffect(loadRequests, [loadRequests, trust])
  // What the gateway decided changes the figures above: read the holding again.
  useEffect(() => {
    if (trust === 'applied' || position === 'liquidated' || position === 'closed') onChanged()
  }, [trust, position, onChanged])

  const value = (parseUnits(h.nowprice) ?? 0n) * BigInt(h.stock_num)
  const debt = parseUnits(h.credit.debt) ?? 0n
  const ratio = maintenancePercent(value, debt)
  const { error, reason } = state.context
  return (
    <Box sx={{ px: 2, pt: 2 }} data-testid="credit-panel" data-state={`${position}.${trust}`}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        <FormattedMessage id="stock.credit.panel.title" values={{ n: h.leverage }} />
      </Typography>
      {state.hasTag('called') && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="credit-call">
          <FormattedMessage
            id="stock.credit.panel.called"
            values={{
              amount: money(state.context.callAmount ?? h.credit.call_amount),
              deadline: intl.formatDate(state.context.deadline ?? 0, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            }}
          />
        </Alert>
      )}
      {position === 'liquidated' && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="credit-liquidated">
          <FormattedMessage id="stock.credit.panel.liquidated" />
        </Alert>
      )}
      <FigureRows
        rows={[
          {
            labelId: 'stock.credit.panel.debt',
            value: money(h.credit.debt),
            testId: 'credit-debt-now',
          },
          {
            labelId: 'stock.credit.panel.interest',
            value: money(h.credit.interest),
            testId: 'credit-interest',
          },
          {
            labelId: 'stock.credit.panel.trustFunds',
            value: money(h.credit.trust_funds),
            testId: 'credit-trust-funds',
          },
          {
            labelId: 'stock.credit.panel.ratio',
            value:
              ratio === null
                ? '—'
                : `${intl.formatNumber(ratio, { maximumFractionDigits: 2 })} % / ${Number(CREDIT_RULES.maintenanceRatio) * 100} %`,
            testId: 'credit-ratio',
          },
        ]}
      />
      {debt > 0n && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          {trust === 'confirming' ? (
            <Alert
              severity="info"
              data-testid="trust-confirm"
              action={
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    onClick={() => send({ type: 'CANCEL' })}
                    data-testid="trust-back"
                  >
                    <FormattedMessage id="stock.order.back" />
                  </Button>
                  <Button
                    size="small"
                    variant="contained"
                    onClick={() => send({ type: 'CONFIRM' })}
                    data-testid="trust-confirm-button"
                  >
                    <FormattedMessage id="stock.order.confirm" />
                  </Button>
                </Stack>
              }
            >
              <FormattedMessage
                id="stock.credit.trust.confirm"
                values={{ amount: money(state.context.credit) }}
              />
            </Alert>
          ) : (
            <Stack direction="row" spacing={1}>
              <TextField
                size="small"
                fullWidth
                label={<FormattedMessage id="stock.credit.trust.amount" values={{ currency }} />}
                value={amount}
                onChange={(e) => setAmount(e.target.value.trim())}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'trust-amount' } }}
                disabled={state.hasTag('busy')}
              />
              <Button
                variant="outlined"
                onClick={() => send({ type: 'ADD', credit: amount })}
                disabled={state.hasTag('busy') || amount === ''}
                data-testid="trust-add"
              >
                <FormattedMessage id="stock.credit.trust.add" />
              </Button>
            </Stack>
          )}
          {error && (
            <Alert severity="error" data-testid="trust-error">
              {translateServerMessage(error)}
            </Alert>
          )}
          {trust === 'pending' && (
            <Alert severity="info" data-testid="trust-pending">
              <FormattedMessage id="stock.credit.trust.pending" />
            </Alert>
          )}
          {trust === 'applied' && (
            <Alert severity="success" data-testid="trust-applied">
              <FormattedMessage id="stock.credit.trust.applied" />
            </Alert>
          )}
          {trust === 'rejected' && (
            <Alert severity="error" data-testid="trust-rejected">
              <FormattedMessage
                id="stock.credit.trust.rejected"
                values={{ reason: reason ?? '' }}
              />
            </Alert>
          )}
          <Typography variant="caption" color="text.secondary">
            <FormattedMessage id="stock.credit.trust.note" />
          </Typography>
        </Stack>
      )}
      {requests && requests.length > 0 && (
        <Stack spacing={0.5} sx={{ mt: 2 }} data-testid="trust-requests">
          <Typography variant="subtitle2">
            <FormattedMessage id="stock.credit.request.title" />
          </Typography>
          {requests.map((r) => (
            <Stack key={r.id} direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2">
                {intl.formatDate(r.created, { dateStyle: 'short', timeStyle: 'short' })}{' '}
                {money(r.credit)}
              </Typography>
              <Chip size="small" label={<FormattedMessage id={STATUS_IDS[r.status]} />} />
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  )
}
