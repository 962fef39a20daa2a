import { FadeOutlet } from './FadeOutlet'

/**
 * Full screens: each brings its own header (ui/Header); no tab menu. The screen is the page's one
 * `main` landmark, so a screen reader can jump to it as on the tab screens.
 */
export function ScreenLayout() {
  return (
    <main className="k-screen">
      <FadeOutlet />
    </main>
  )
}
