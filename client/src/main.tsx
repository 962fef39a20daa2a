import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { sendApiNoticesTo } from './api/notices'
import { App } from './app/App'
import { registerServiceWorker } from './app/pwa'
import { createAppRouter } from './app/router'
import { whenFirstScreenLoaded } from './app/first-screen'
import { loadMessages } from './i18n/catalog'
import { activateIntl } from './i18n/intl'
import { preferences } from './state/preferences'
import { startSession } from './state/session'
import { session } from './state/session-view'
import { applyPlainStyles } from './ui/plain/styles'
import { dismissToasts, setBusy, showToast } from './ui/toast/toast.store'
import { whenIdle, yieldToMain } from './ui/when-idle'

// Before any request: the api's refusals and busy flag are shown by the toast (api/notices.ts).
sendApiNoticesTo({
  toast: (text, durationMs) => showToast(text, durationMs, 'error'),
  dismissToasts,
  setBusy,
})

async function boot() {
  const { locale } = preferences
  document.documentElement.lang = locale
  // Asked for first. The router starts fetching the first screen's chunk (and, past login, the
  // rest of the catalogue) as it is created, in a task of its own: the entry's evaluation is a
  // long task on a slow phone already (some 100 ms at 4x CPU), and the router's matching and lazy
  // imports took 40 ms more in it (first-paint.js has asked for those chunks already).
  const messagesLoaded = loadMessages(locale)
  await yieldToMain()
  const router = createAppRouter()
  const messages = await messagesLoaded
  const intl = activateIntl(locale, messages)
  // A stored session is checked at once (home needs its user). Without one, the session machine
  // (and xstate with it) starts with the start screen's first step or the login: work done on
  // idle here would land in the very seconds the first screen is being used.
  if (session.token) void startSession()
  applyPlainStyles()
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  createRoot(root).render(
    <StrictMode>
      <App intl={intl} router={router} />
    </StrictMode>,
  )
  // The other screens' texts are fetched by the first screen past login that needs them
  // (app/catalogue-routes.ts), in parallel with its code. The offline shell: the worker
  // precaches the build once the first screen has its code and the main thread is idle.
  whenFirstScreenLoaded(router, () => whenIdle(() => void registerServiceWorker(), 10_000))
}

boot().catch((error: unknown) => {
  // Nothing is translated yet when the first download fails, so the notice names both languages.
  console.error(error)
  document.body.textContent =
    '読み込みに失敗しました。再読み込みしてください。 / Loading failed. Please reload the page.'
})
