import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { createAppRouter } from './app/router'
import { loadMessages } from './i18n/catalog'
import { activateIntl } from './i18n/intl'
import { preferences } from './state/preferences'
import { startSession } from './state/session'

async function boot() {
  const { locale } = preferences
  document.documentElement.lang = locale
  // The router starts fetching the first screen's chunk while the catalogue downloads.
  const router = createAppRouter()
  const messages = await loadMessages(locale)
  const intl = activateIntl(locale, messages)
  void startSession()
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  createRoot(root).render(
    <StrictMode>
      <App intl={intl} router={router} />
    </StrictMode>,
  )
}

boot().catch((error: unknown) => {
  // Nothing is translated yet when the first download fails, so the notice names both languages.
  console.error(error)
  document.body.textContent =
    '読み込みに失敗しました。再読み込みしてください。 / Loading failed. Please reload the page.'
})
