import type { BlockOffer, BlockOrder } from '@kabu/shared/api/block'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { EmptyState } from '../../ui/EmptyState'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import type { Load } from './use-block'

/** Loading, failed with a retry, empty, or the rows. */
export function Loaded<T>(props: {
  load: Load<T[]>
  onRetry: () => void
  empty: ReactNode
  children: (items: T[]) => ReactNode
}) {
  const { load } = props
  if (load.phase === 'loading') return <Loading />
  if (load.phase === 'failed') return <LoadFailed error={load.error} onRetry={props.onRetry} />
  if (load.data.length === 0) return <EmptyState text={props.empty} />
  return <>{props.children(load.data)}</>
}

export function useBlockFormat() {
  const intl = useIntl()
  return {
    money: (value: string | null, currency: string) => formatMoney(value, currency, intl.locale),
    time: (ms: number) =>
      intl.formatDate(ms, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
    shares: (n: number) => intl.formatNumber(n),
    name: (o: BlockOffer | BlockOrder) => {
      const key = intl.locale.startsWith('zh') ? 'zh' : intl.locale.startsWith('en') ? 'en' : 'ja'
      return o.name[key]
    },
  }
}

/** Where the offer's order window stands, and whether it is the simulator's. */
export function OfferChips({ offer }: { offer: BlockOffer }) {
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip
        size="small"
        color={offer.phase === 'open' ? 'success' : 'default'}
        label={<FormattedMessage id={`home.block.phase.${offer.phase}`} />}
        data-testid={`block-phase-${offer.id}`}
      />
      {offer.simulated && (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={<FormattedMessage id="home.block.simulated" />}
        />
      )}
    </Stack>
  )
}

/** The status of one of the user's requests. */
export function OrderStatus({ order }: { order: BlockOrder }) {
  const color = order.status === 1 ? 'success' : order.status === 2 ? 'error' : 'warning'
  return (
    <Chip
      size="small"
      color={color}
      label={<FormattedMessage id={`home.block.status.${order.status}`} />}
      data-testid={`block-status-${order.id}`}
    />
  )
}
