import { StrictMode, lazy, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { createIntl, createIntlCache } from 'react-intl'
import { preferences } from '../state/preferences'
import { resume } from './api'
import { loadConsoleMessages } from './i18n/catalog'

// The console's screens are one lazy chunk beside the catalogue: both download in parallel.
const ConsoleApp = lazy(() => import('./ConsoleApp'))

async function boot() {
  const { locale } = preferences
  document.documentElement.lang = locale
  const [messages] = await Promise.all([loadConsoleMessages(locale), resume()])
  const intl = createIntl({ locale, messages, defaultLocale: 'ja' }, createIntlCache())
  const root = document.getElementById('root')
  if (!root) throw new Error('ops.html has no #root')
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <ConsoleApp intl={intl} />
      </Suspense>
    </StrictMode>,
  )
}

boot().catch((error: unknown) => {
  console.error(error)
  document.body.textContent =
    '読み込みに失敗しました。再読み込みしてください。 / Loading failed. Please reload the page.'
})
