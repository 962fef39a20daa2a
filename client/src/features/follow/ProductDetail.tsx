import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { localName } from '../../ui/price/names'
import { BuyForm } from './BuyForm'
import { OrderCard } from './OrderCard'
import { ProductFigures } from './ProductFigures'
import { stateName, useFollow } from './use-follow'

/** One product: every published figure, then the buy; once bought, the order it made. */
export function ProductDetail({ productId }: { productId: string }) {
  const intl = useIntl()
  const [state, send] = useFollow({ productId })
  const { snapshot, error } = state.context
  if (state.matches('loadFailed')) {
    return <LoadFailed error={error} onRetry={() => send({ type: 'REFRESH' })} />
  }
  if (!snapshot) return <Loading />
  const { product } = snapshot
  return (
    <PullToRefresh onRefresh={() => send({ type: 'REFRESH' })} refreshing={state.hasTag('busy')}>
      <Stack data-testid="follow-product" data-state={stateName(state)}>
        <Stack sx={{ px: 2, pt: 2 }}>
          <Typography variant="h6">{localName(product.name, intl.locale)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {product.issuer}
            {product.simulated && (
              <Chip
                size="small"
                sx={{ ml: 1 }}
                label={<FormattedMessage id="home.follow.simulated" />}
              />
            )}
            <Chip
              size="small"
              sx={{ ml: 1 }}
              label={<FormattedMessage id={`home.follow.phase.${product.phase}`} />}
            />
          </Typography>
        </Stack>
        {state.matches('buying') && <BuyForm state={state} send={send} />}
        {state.hasTag('order') && (
          <>
            <Alert severity="success" sx={{ mx: 2, mt: 2 }} data-testid="follow-bought">
              <FormattedMessage id="home.follow.bought" />
            </Alert>
            <OrderCard state={state} send={send} />
            <Button component={Link} to="/mine/followOrder" sx={{ mx: 2 }}>
              <FormattedMessage id="home.follow.myOrders" />
            </Button>
          </>
        )}
        <ProductFigures product={product} />
      </Stack>
    </PullToRefresh>
  )
}
