import { RawIntlProvider, type IntlShape } from 'react-intl'
import { RouterProvider } from 'react-router-dom'
import { LazyToastHost } from './LazyToastHost'
import { OfflineNotice } from './OfflineNotice'
import { useRestoredPageCount } from './restored-page'
import { UpdatePrompt } from './UpdatePrompt'
import type { createAppRouter } from './router'

/**
 * Providers around the router: the one intl, the offline line, toasts and the update prompt, all
 * on plain elements (ui/plain/plain.css). MUI's theme is the screens' past login (ThemedLayout):
 * the login form downloads and runs no CSS-in-JS (issue 15).
 */
export function App({
  intl,
  router,
}: {
  intl: IntlShape
  router: ReturnType<typeof createAppRouter>
}) {
  const restored = useRestoredPageCount()
  return (
    <RawIntlProvider value={intl}>
      <div className="k-app">
        <OfflineNotice />
        {/* A page back from the browser's cache starts its screens afresh (restored-page.ts). */}
        <RouterProvider key={restored} router={router} />
      </div>
      <LazyToastHost />
      <UpdatePrompt />
    </RawIntlProvider>
  )
}
