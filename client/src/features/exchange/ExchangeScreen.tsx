import { CURRENCIES, type Currency } from '@kabu/shared/money/currencies'
import SwapVertIcon from '@mui/icons-material/SwapVert'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { FormTextField } from '../../ui/form/FormTextField'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import { RequireSession } from '../../ui/RequireSession'
import { CurrencySelect } from './CurrencySelect'
import { ExchangeConfirm } from './ExchangeConfirm'
import { quoteFor } from './quote'
import { QuoteLines } from './QuoteLines'
import { liveExchangeMachine } from './exchange.live'

/** /mine/exchange: from, to, amount; the live rate, the spread and what you get; confirm. */
export function ExchangeScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.exchange.title" />} />
      <Exchange />
    </RequireSession>
  )
}

function Exchange() {
  const intl = useIntl()
  const [state, send] = useMachine(liveExchangeMachine)
  const [from, setFrom] = useState<Currency>('JPY')
  const [to, setTo] = useState<Currency>('USD')
  const [money, setMoney] = useState('')
  const { rates, wallets, error, result } = state.context
  const quote = quoteFor(rates, from, to, money)
  const balance = wallets.find((w) => w.currency === from)?.available ?? '0'

  if (state.matches('loading')) return <Loading />
  if (state.matches('loadFailed')) {
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage(error ?? 'network_error')}</Alert>
        <Button onClick={() => send({ type: 'RETRY' })}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Stack>
    )
  }
  if (state.matches('done') && result) {
    return (
      <Stack
        spacing={2}
        sx={{ p: 3, alignItems: 'center' }}
        role="status"
        data-testid="exchange-done"
      >
        <Typography variant="h6">
          <FormattedMessage
            id="mine.exchange.done"
            values={{ amount: formatMoney(result.got, to, intl.locale) }}
          />
        </Typography>
        <Button
          variant="contained"
          fullWidth
          onClick={() => send({ type: 'NEW' })}
          data-testid="exchange-new"
        >
          <FormattedMessage id="mine.exchange.again" />
        </Button>
      </Stack>
    )
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (quote && quote.got && !quote.problem)
      send({ type: 'SUBMIT', draft: { from, to, money: money.trim() } })
  }
  const fieldError =
    from === to ? 'server.same_currency' : quote?.problem ? `server.${quote.problem}` : undefined

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ p: 2 }}>
      <CurrencySelect
        name="exchange-from"
        labelId="mine.exchange.from"
        value={from}
        options={CURRENCIES}
        onChange={setFrom}
      />
      <Typography variant="body2" color="text.secondary" data-testid="exchange-balance">
        <FormattedMessage
          id="mine.exchange.balance"
          values={{ amount: formatMoney(balance, from, intl.locale) }}
        />
      </Typography>
      <IconButton
        sx={{ alignSelf: 'center' }}
        onClick={() => {
          setFrom(to)
          setTo(from)
        }}
        aria-label={intl.formatMessage({ id: 'mine.exchange.swap' })}
        data-testid="exchange-swap"
      >
        <SwapVertIcon />
      </IconButton>
      <CurrencySelect
        name="exchange-to"
        labelId="mine.exchange.to"
        value={to}
        options={CURRENCIES}
        onChange={setTo}
      />
      <FormTextField
        name="exchange-money"
        labelId="mine.exchange.amount"
        value={money}
        onChange={setMoney}
        errorId={fieldError}
      />
      {quote && <QuoteLines quote={quote} from={from} to={to} />}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!quote?.got || Boolean(quote.problem)}
        data-testid="exchange-submit"
      >
        <FormattedMessage id="mine.exchange.submit" />
      </Button>
      <ExchangeConfirm
        open={state.hasTag('confirm')}
        busy={state.hasTag('busy')}
        error={error}
        from={from}
        to={to}
        money={money.trim()}
        quote={quote}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </Stack>
  )
}
