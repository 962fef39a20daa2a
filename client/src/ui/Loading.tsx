import { useIntl } from 'react-intl'
import { Spinner } from './plain/Spinner'

/** A centred spinner for a screen or a block still loading (plain: it is also the route fallback). */
export function Loading() {
  const intl = useIntl()
  return (
    <div className="k-loading">
      <Spinner size={32} label={intl.formatMessage({ id: 'common.loading' })} />
    </div>
  )
}
