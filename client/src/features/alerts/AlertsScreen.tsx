import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useMachine } from '@xstate/react'
import { useCallback, useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { useQuote } from '../../realtime'
import { fetchSnapshots } from '../../realtime/market-api'
import { useMarketQuery } from '../../realtime/use-market-query'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { showToast } from '../../ui/toast/toast.store'
import { AlertRow } from './AlertRow'
import { AlertSheet } from './AlertSheet'
import { liveAlertsMachine } from './alerts.live'
import { useAlertsFired } from './use-alerts-fired'

/**
 * /mine/alerts: the user's price alerts, newest first, a page at a time (a "more" button under
 * them while the user holds more), each with its condition in words, its state, pause or resume
 * and delete. `?code=7203` (the stock page's bell) opens the add sheet of
 * that stock over the list.
 */
export function AlertsScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.alerts.title" />} />
      <Alerts />
    </RequireSession>
  )
}

function Alerts() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const code = params.get('code') ?? undefined
  const [state, send] = useMachine(liveAlertsMachine)
  useAlertsFired(useCallback(() => send({ type: 'ARRIVED' }), [send]))
  const close = useCallback(
    (added: boolean) => {
      if (!added) return void navigate(-1)
      // No "added" toast: the list shows the new alert, and an alert already true fires at once,
      // its toast arriving with (or before) this answer.
      setParams({}, { replace: true })
      send({ type: 'REFRESH' })
    },
    [navigate, setParams, send],
  )
  const { items, failure, changing } = state.context

  let body
  if (state.hasTag('loading')) body = <Loading />
  else if (state.matches('failed'))
    body = (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage(failure ?? 'network_error')}</Alert>
        <Button variant="outlined" onClick={() => send({ type: 'RETRY' })}>
          <FormattedMessage id="mine.alerts.retry" />
        </Button>
      </Stack>
    )
  else if (state.hasTag('empty'))
    body = <EmptyState text={<FormattedMessage id="mine.alerts.empty" />} />
  else
    body = (
      <Stack data-testid="alerts-list">
        {failure && <Alert severity="error">{translateServerMessage(failure)}</Alert>}
        {items.map((item) => (
          <AlertRow
            key={item.id}
            item={item}
            busy={changing}
            onPause={(paused) => send({ type: 'PAUSE', id: item.id, paused })}
            onDelete={() => send({ type: 'DELETE', id: item.id })}
          />
        ))}
        {items.length < state.context.total && (
          <Stack sx={{ p: 2 }}>
            <Button
              data-testid="alerts-load-more"
              disabled={state.hasTag('loadingMore')}
              onClick={() => send({ type: 'LOAD_MORE' })}
            >
              <FormattedMessage
                id="mine.alerts.more"
                values={{ shown: items.length, total: state.context.total }}
              />
            </Button>
          </Stack>
        )}
      </Stack>
    )
  return (
    <>
      <PullToRefresh
        onRefresh={() => send({ type: 'REFRESH' })}
        refreshing={state.hasTag('refreshing')}
      >
        {body}
      </PullToRefresh>
      {code && <StockSheet code={code} onClose={close} />}
    </>
  )
}

/** The add sheet once the stock's quote is known (live, or the snapshot first). */
function StockSheet({ code, onClose }: { code: string; onClose: (added: boolean) => void }) {
  const live = useQuote(code)
  const snapshot = useMarketQuery(code, (signal) => fetchSnapshots([code], signal))
  const quote = live ?? snapshot.data?.[0]
  const missing = snapshot.data?.length === 0 || snapshot.error !== undefined
  useEffect(() => {
    if (!quote && missing) showToast(translateServerMessage('not_listed'), 2000, 'error')
  }, [quote, missing])
  return quote ? <AlertSheet quote={quote} onClose={onClose} /> : null
}
