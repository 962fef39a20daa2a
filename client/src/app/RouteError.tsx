import { FormattedMessage } from 'react-intl'
import { useRouteError } from 'react-router-dom'
import { Button } from '../ui/plain/Button'
import { useDismissSplash } from './splash'

/**
 * Shown when a screen fails to load or render. After a deploy an old page asks for chunks that no
 * longer exist; a reload fetches the new ones, so that is what the button does. Plain elements:
 * the failed chunk may be MUI's own.
 */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  // A first screen that fails shows this instead: the splash must not hide it.
  useDismissSplash()
  return (
    <main className="k-route-error">
      <h1>
        <FormattedMessage id="common.screenError.title" />
      </h1>
      <p className="k-text-2">
        <FormattedMessage id="common.screenError.text" />
      </p>
      <Button variant="contained" size="large" onClick={() => window.location.reload()}>
        <FormattedMessage id="common.reload" />
      </Button>
    </main>
  )
}
