import { FormattedMessage, useIntl } from 'react-intl'
import { MarketApiError } from '../../realtime/market-api'
import { Button } from '../plain/Button'
import { Icon } from '../plain/icons'

/**
 * Says why market data did not load (translated server key when there is one) and offers a retry.
 * Plain elements (app.css `k-load-failed`): the lists of home's first screen import it.
 */
export function MarketLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl()
  const id = `server.${error instanceof MarketApiError ? error.msg : 'network_error'}`
  const reason =
    id in intl.messages
      ? intl.formatMessage({ id })
      : intl.formatMessage({ id: 'server.network_error' })
  return (
    <div className="k-load-failed" role="alert">
      <Icon name="errorOutline" />
      <p className="k-body2 k-text-2">
        <FormattedMessage id="market.loadFailed" values={{ reason }} />
      </p>
      <Button variant="outlined" size="small" onClick={onRetry} data-testid="retry">
        <FormattedMessage id="market.retry" />
      </Button>
    </div>
  )
}
