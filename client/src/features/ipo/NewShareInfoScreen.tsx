import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useSearchParams } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'
import { RequireSession } from '../../ui/RequireSession'
import { subscriptionAmount } from './amounts'
import { OfferFigures } from './OfferFigures'
import { useIpo, type IpoSend, type IpoState } from './use-ipo'
import { VerifyDraw } from './VerifyDraw'

/** /home/newShareInfo?id=: one offer, the user's application to it, and what they can do now. */
export function NewShareInfoScreen() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="home.ipo.info" />} />
      <Offer key={id} id={id} />
    </RequireSession>
  )
}

/** The machine's state as spec §4 names it (the top-level state). */
const stateName = (state: IpoState) =>
  typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]

function Offer({ id }: { id: string }) {
  const intl = useIntl()
  const [state, send] = useIpo(id)
  const { snapshot, error } = state.context
  if (state.matches('loadFailed')) {
    return <LoadFailed error={error} onRetry={() => send({ type: 'REFRESH' })} />
  }
  if (!snapshot) return <Loading />
  const { offer, application } = snapshot
  return (
    <Stack data-testid="ipo-info" data-state={stateName(state)}>
      <Stack sx={{ px: 2, pt: 2 }}>
        <Typography variant="h6">{localName(offer.name, intl.locale)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {offer.code} · <FormattedMessage id={`home.ipo.state.${stateName(state)}`} />
        </Typography>
      </Stack>
      {offer.withdrawn_reason !== null && offer.withdrawn_reason !== undefined && (
        <Alert severity="warning" sx={{ mx: 2, mt: 1 }} data-testid="ipo-withdrawn">
          <FormattedMessage id="home.ipo.withdrawn" values={{ reason: offer.withdrawn_reason }} />
        </Alert>
      )}
      {offer.commitment && (
        <Stack sx={{ px: 2, pt: 1 }} data-testid="ipo-commitment">
          <Typography variant="caption" color="text.secondary">
            <FormattedMessage id="home.ipo.commitment" />
          </Typography>
          <Typography variant="caption" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {offer.commitment}
          </Typography>
        </Stack>
      )}
      {state.matches('subscribing') && <SubscribeForm state={state} send={send} />}
      {application && state.hasTag('result') && <Outcome state={state} send={send} />}
      <OfferFigures offer={offer} />
      {offer.drawn && <VerifyDraw offerId={offer.id} myRef={application?.ref ?? null} />}
      {application && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          <FormattedMessage id="home.ipo.ref" values={{ ref: application.ref }} />
          {' · '}
          {formatMoney(application.rjmoney, application.currency, intl.locale)}
        </Typography>
      )}
    </Stack>
  )
}

function SubscribeForm({ state, send }: { state: IpoState; send: IpoSend }) {
  const intl = useIntl()
  const offer = state.context.snapshot?.offer
  const [num, setNum] = useState(String(offer?.lot ?? ''))
  if (!offer) return null
  const confirming = state.hasTag('confirm')
  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      <TextField
        label={<FormattedMessage id="home.ipo.field.num" />}
        value={num}
        onChange={(e) => setNum(e.target.value)}
        inputMode="numeric"
        slotProps={{ htmlInput: { 'data-testid': 'ipo-num' } }}
        helperText={
          state.context.error && !confirming ? translateServerMessage(state.context.error) : null
        }
        error={Boolean(state.context.error) && !confirming}
      />
      <Button
        variant="contained"
        onClick={() => send({ type: 'SUBSCRIBE', num })}
        data-testid="ipo-subscribe"
      >
        <FormattedMessage id="home.ipo.subscribe" />
      </Button>
      <ConfirmDialog
        open={confirming}
        busy={state.hasTag('busy')}
        error={state.context.error}
        titleId="home.ipo.subscribe.confirm"
        testId="ipo"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <FormattedMessage
          id="home.ipo.subscribe.confirmText"
          values={{
            num: state.context.num ?? num,
            amount: formatMoney(
              subscriptionAmount(state.context.num ?? num, offer.price),
              offer.currency,
              intl.locale,
            ),
          }}
        />
      </ConfirmDialog>
    </Stack>
  )
}

function Outcome({ state, send }: { state: IpoState; send: IpoSend }) {
  const intl = useIntl()
  const offer = state.context.snapshot?.offer
  const app = state.context.snapshot?.application
  if (!app || !offer) return null
  // On listing day the paid shares became a holding (issue 34 item 7): said so, and a way to it.
  const holdingId = state.matches('paymentSuccess') ? app.holding_id : null
  const won = state.matches('won')
  const failed = state.matches('subscriptionFailure')
  const paying = state.matches({ won: 'confirmingPay' }) || state.matches({ won: 'paying' })
  return (
    <Stack spacing={1} sx={{ p: 2 }} data-testid="ipo-outcome">
      <Alert
        severity={
          failed
            ? 'warning'
            : state.matches('notWon') || state.matches('waived') || state.matches('lapsed')
              ? 'info'
              : 'success'
        }
      >
        <FormattedMessage
          id={
            failed && app.reason
              ? 'home.ipo.outcome.withdrawn'
              : holdingId
                ? 'home.ipo.outcome.listed'
                : `home.ipo.outcome.${stateName(state)}`
          }
          values={{
            won: app.won_num,
            amount: formatMoney(app.pay_amount, app.currency, intl.locale),
            reason: app.reason ?? '',
          }}
        />
      </Alert>
      {holdingId && (
        <Button
          component={Link}
          to={`/position/info?type=${offer.type}&id=${holdingId}`}
          data-testid="ipo-to-holding"
          sx={{ alignSelf: 'flex-start' }}
        >
          <FormattedMessage id="home.ipo.toHolding" />
        </Button>
      )}
      {won && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => send({ type: 'PAY' })} data-testid="ipo-pay">
            <FormattedMessage id="home.ipo.pay" />
          </Button>
          <Button onClick={() => send({ type: 'WAIVE' })} data-testid="ipo-waive">
            <FormattedMessage id="home.ipo.waive" />
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={state.hasTag('confirm') && won}
        busy={state.hasTag('busy')}
        error={state.context.error}
        titleId={paying ? 'home.ipo.pay.confirm' : 'home.ipo.waive.confirm'}
        testId="ipo"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <FormattedMessage
          id={paying ? 'home.ipo.pay.confirmText' : 'home.ipo.waive.confirmText'}
          values={{
            won: app.won_num,
            amount: formatMoney(app.pay_amount, app.currency, intl.locale),
          }}
        />
      </ConfirmDialog>
    </Stack>
  )
}
