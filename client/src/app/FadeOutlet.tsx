import { useLocation, useOutlet } from 'react-router-dom'
import { useDismissSplash } from './splash'

/**
 * The child route, faded in at every screen change (spec §2: all screens fade; ui/plain/plain.css).
 * Keyed by path only: a screen that changes its own query (a search box) must not be remounted on
 * every keystroke. The first screen fades in as index.html's splash fades out over it.
 */
export function FadeOutlet() {
  useDismissSplash()
  const { pathname } = useLocation()
  const outlet = useOutlet()
  return (
    <div key={pathname} className="k-fade">
      {outlet}
    </div>
  )
}
