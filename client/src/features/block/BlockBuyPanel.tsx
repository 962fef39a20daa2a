import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { LabelRow } from '../../ui/LabelRow'
import { blockNumError, costOf } from './block-form'
import { useBlockFormat } from './BlockParts'
import type { BlockSend, BlockState } from './use-block'

/** The buy form of an offer: shares, fund password, the amount, a confirmation, then the review. */
export function BlockBuyPanel({ state, send }: { state: BlockState; send: BlockSend }) {
  const intl = useIntl()
  const f = useBlockFormat()
  const snapshot = state.context.snapshot
  const [num, setNum] = useState('')
  const [password, setPassword] = useState('')
  if (!snapshot) return null
  const { offer, available } = snapshot
  const draftError = num === '' ? null : blockNumError(num, offer, available)
  const amount = costOf(offer, Number(num) || 0)
  const { error, reason } = state.context

  if (state.hasTag('review')) {
    const verdict = state.matches('approved')
      ? 'approved'
      : state.matches('rejected')
        ? 'rejected'
        : 'pending'
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert
          severity={verdict === 'approved' ? 'success' : verdict === 'rejected' ? 'error' : 'info'}
          data-testid={`block-verdict-${verdict}`}
        >
          <FormattedMessage
            id={`home.block.verdict.${verdict}`}
            values={{ reason: reason ? translateServerMessage(reason) : '' }}
          />
        </Alert>
        <Button component={Link} to={`/home/largeInfo?order=${state.context.orderId ?? ''}`}>
          <FormattedMessage id="home.block.viewOrder" />
        </Button>
        {verdict !== 'pending' && (
          <Button onClick={() => send({ type: 'NEW' })} data-testid="block-new">
            <FormattedMessage id="home.block.again" />
          </Button>
        )}
      </Stack>
    )
  }

  return (
    <Stack spacing={2} sx={{ p: 2 }} component="form" onSubmit={(e) => e.preventDefault()}>
      <LabelRow label={<FormattedMessage id="home.block.funds" />}>
        {f.money(available, offer.currency)}
      </LabelRow>
      <TextField
        label={intl.formatMessage({ id: 'home.block.num' })}
        value={num}
        onChange={(e) => setNum(e.target.value)}
        inputMode="numeric"
        helperText={
          draftError
            ? translateServerMessage(draftError)
            : intl.formatMessage(
                { id: 'home.block.numHelp' },
                { lot: offer.lot, min: offer.min_buy, max: offer.max_buy },
              )
        }
        error={draftError !== null}
        slotProps={{ htmlInput: { 'data-testid': 'block-num' } }}
      />
      <TextField
        label={intl.formatMessage({ id: 'home.block.fundPassword' })}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'block-fund-password' } }}
      />
      <LabelRow label={<FormattedMessage id="home.block.amount" />}>
        <span data-testid="block-amount">{f.money(amount, offer.currency)}</span>
      </LabelRow>
      <Button
        variant="contained"
        disabled={!offer.open || num === '' || draftError !== null || password === ''}
        onClick={() => send({ type: 'SUBMIT', num, fundPassword: password })}
        data-testid="block-submit"
      >
        <FormattedMessage id={offer.open ? 'home.block.buy' : 'home.block.closed'} />
      </Button>
      <ConfirmDialog
        open={state.hasTag('confirm')}
        titleId="home.block.confirmTitle"
        busy={state.hasTag('busy')}
        error={error}
        testId="block"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <LabelRow label={<FormattedMessage id="home.block.num" />}>
          {f.shares(state.context.num ?? 0)}
        </LabelRow>
        <LabelRow label={<FormattedMessage id="home.block.price" />}>
          {f.money(offer.price, offer.currency)}
        </LabelRow>
        <LabelRow label={<FormattedMessage id="home.block.amount" />}>
          <span data-testid="block-confirm-amount">
            {f.money(costOf(offer, state.context.num ?? 0), offer.currency)}
          </span>
        </LabelRow>
      </ConfirmDialog>
    </Stack>
  )
}
