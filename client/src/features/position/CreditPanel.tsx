import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { WireCreditRequest } from '@kabu/shared/api/credit'
import { HOLDING, type WireHolding } from '@kabu/shared/api/trade'
import { CREDIT_RULES } from '@kabu/shared/market/credit'
import type { MarketType } from '@kabu/shared/market/types'
import { parseUnits } from '@kabu/shared/money/decimal'
import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { fetchCreditRequests } from '../../api/credit'
import { FigureRows } from '../../ui/FigureRows'
import { formatMoney } from '../../ui/money'
import { liveCreditMachine } from './credit.live'
import { creditRatio } from './short-figures'
import { TrustFundsForm, type TrustPhase } from './TrustFundsForm'

const STATUS_IDS = [
  'stock.credit.request.pending',
  'stock.credit.request.applied',
  'stock.credit.request.rejected',
]

/**
 * A credit position's own figures under its detail: what it owes, the interest so far, the trust
 * funds added, the maintenance ratio at the live price against the published 20 %, and a margin
 * call's deadline and amount; trust funds are added after a confirmation and wait for review. A
 * short (売建) owes borrow fees (貸株料) instead of a loan and its interest, shows the margin it
 * holds, and takes trust funds for as long as it is open.
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

  const short = h.side === 'short'
  const debt = parseUnits(h.credit.debt) ?? 0n
  // At the live price (the screen revalues the row), by the rule of the position's side.
  const ratio = creditRatio(h)
  const { error, reason } = state.context
  return (
    <Box sx={{ px: 2, pt: 2 }} data-testid="credit-panel" data-state={`${position}.${trust}`}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        <FormattedMessage
          id={short ? 'stock.credit.panel.shortTitle' : 'stock.credit.panel.title'}
          values={{ n: h.leverage }}
        />
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
          <FormattedMessage
            id={short ? 'stock.credit.panel.liquidated.short' : 'stock.credit.panel.liquidated'}
          />
        </Alert>
      )}
      <FigureRows
        rows={[
          {
            labelId: short ? 'stock.credit.panel.borrowFeesOwed' : 'stock.credit.panel.debt',
            value: money(h.credit.debt),
            testId: 'credit-debt-now',
          },
          {
            labelId: short ? 'stock.credit.panel.borrowFees' : 'stock.credit.panel.interest',
            value: money(h.credit.interest),
            testId: 'credit-interest',
          },
          // A short's own money in it: the margin held at the sale plus trust funds (frozen).
          ...(short
            ? [
                {
                  labelId: 'stock.credit.panel.marginHeld',
                  value: money(h.frozen),
                  testId: 'credit-margin-held',
                },
              ]
            : []),
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
      {(short ? h.status === HOLDING.holding : debt > 0n) && (
        <TrustFundsForm
          phase={trust as TrustPhase}
          short={short}
          busy={state.hasTag('busy')}
          asked={state.context.credit}
          error={error}
          reason={reason}
          currency={currency}
          send={send}
        />
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
