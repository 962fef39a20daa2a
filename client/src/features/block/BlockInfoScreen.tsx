import type { BlockOffer, BlockOrder } from '@kabu/shared/api/block'
import type { MarketType } from '@kabu/shared/market/types'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { Link, useSearchParams } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { LabelRow } from '../../ui/LabelRow'
import { fetchOrder } from './block.api'
import { BlockBuyPanel } from './BlockBuyPanel'
import { OfferChips, OrderStatus, useBlockFormat } from './BlockParts'
import { useBlock, useBlockRead } from './use-block'
import { orderMoney } from './order-money'

const TYPES: MarketType[] = ['jpy', 'usd', 'cny']

/** /home/largeInfo: an offer (`?id=`, with the buy form) or one of the user's requests (`?order=`). */
export function BlockInfoScreen() {
  const [params] = useSearchParams()
  const order = params.get('order')
  const id = params.get('id') ?? ''
  const typeParam = params.get('type') as MarketType | null
  const type = typeParam && TYPES.includes(typeParam) ? typeParam : 'jpy'
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="home.block.detail" />} />
      {order ? <OrderDetail id={order} /> : <OfferDetail id={id} type={type} />}
    </RequireSession>
  )
}

function OfferDetail({ id, type }: { id: string; type: MarketType }) {
  const [state, send] = useBlock(id, type)
  const offer = state.context.snapshot?.offer
  if (state.matches('loadFailed')) {
    return <LoadFailed error={state.context.error} onRetry={() => send({ type: 'RETRY' })} />
  }
  if (!offer) return <Loading />
  return (
    <>
      <OfferFacts offer={offer} />
      <Divider />
      <BlockBuyPanel state={state} send={send} />
    </>
  )
}

function OfferFacts({ offer }: { offer: BlockOffer }) {
  const f = useBlockFormat()
  return (
    <Stack sx={{ p: 2 }} data-testid="block-offer-facts">
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6">
          {f.name(offer)} {offer.code}
        </Typography>
        <OfferChips offer={offer} />
      </Stack>
      <LabelRow label={<FormattedMessage id="home.block.price" />}>
        {f.money(offer.price, offer.currency)}
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.prevClose" />}>
        {f.money(offer.prev_close, offer.currency)} (−{offer.discount}%)
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.available" />}>
        {f.shares(offer.available)}
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.requested" />}>
        {f.shares(offer.requested)}
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.minBuy" />}>
        {f.shares(offer.min_buy)}
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.maxBuy" />}>
        {f.shares(offer.max_buy)}
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.window" />}>
        {f.time(offer.opens_at)} – {f.time(offer.closes_at)}
      </LabelRow>
    </Stack>
  )
}

function OrderDetail({ id }: { id: string }) {
  const { state, reload } = useBlockRead(() => fetchOrder(id), [id])
  if (state.phase === 'loading') return <Loading />
  if (state.phase === 'failed') return <LoadFailed error={state.error} onRetry={reload} />
  return <OrderFacts order={state.data} />
}

function OrderFacts({ order }: { order: BlockOrder }) {
  const f = useBlockFormat()
  const amount = orderMoney(order)
  return (
    <Stack sx={{ p: 2 }} data-testid="block-order-facts">
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6">
          {f.name(order)} {order.code}
        </Typography>
        <OrderStatus order={order} />
      </Stack>
      <LabelRow label={<FormattedMessage id="home.block.orderNo" />}>{order.order_no}</LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.num" />}>{f.shares(order.num)}</LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.price" />}>
        {f.money(order.price, order.currency)}
      </LabelRow>
      <LabelRow label={<FormattedMessage id={amount.labelId} />}>
        <span data-testid="block-order-money">{f.money(amount.money, order.currency)}</span>
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.allocated" />}>
        <span data-testid="block-allocated">
          {order.allocated === null ? (
            <FormattedMessage id="home.block.allocationPending" />
          ) : (
            f.shares(order.allocated)
          )}
        </span>
      </LabelRow>
      <LabelRow label={<FormattedMessage id="home.block.created" />}>
        {f.time(order.created)}
      </LabelRow>
      {order.decided !== null && (
        <LabelRow label={<FormattedMessage id="home.block.decidedAt" />}>
          {f.time(order.decided)}
        </LabelRow>
      )}
      {order.reason && (
        <LabelRow label={<FormattedMessage id="home.block.reason" />}>
          {translateServerMessage(order.reason)}
        </LabelRow>
      )}
      {order.holding_id && (
        <Button component={Link} to="/position/index" sx={{ mt: 2 }}>
          <FormattedMessage id="home.block.toHolding" />
        </Button>
      )}
    </Stack>
  )
}
