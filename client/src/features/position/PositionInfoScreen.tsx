import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { FormattedMessage, useIntl } from 'react-intl'
import { useSearchParams } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { localName } from '../../ui/price/names'
import { RequireSession } from '../../ui/RequireSession'
import { CreditPanel } from './CreditPanel'
import { HoldingDetails } from './HoldingDetails'
import { StatusChip } from './HoldingRow'
import { SellPanel } from './SellPanel'
import { useHolding } from './use-holding'

const TYPES: readonly string[] = ['jpy', 'usd', 'cny']

/** /position/info?type=jpy&id=…: one holding with every column of spec §2, and its sell. */
export function PositionInfoScreen() {
  const [params] = useSearchParams()
  const raw = params.get('type') ?? 'jpy'
  const type = (TYPES.includes(raw) ? raw : 'jpy') as MarketType
  const id = params.get('id') ?? ''
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="stock.position.detailTitle" />} />
      {/^\d+$/.test(id) ? (
        <PositionInfo key={`${type}:${id}`} type={type} id={id} />
      ) : (
        <EmptyState text={<FormattedMessage id="stock.position.notFound" />} />
      )}
    </RequireSession>
  )
}

function PositionInfo({ type, id }: { type: MarketType; id: string }) {
  const intl = useIntl()
  const { load, reload } = useHolding(type, id)
  const currency = CURRENCY_OF_MARKET[MARKET_OF_TYPE[type]]
  if (load.state === 'loading') return <Loading />
  if (load.state === 'notFound')
    return <EmptyState text={<FormattedMessage id="stock.position.notFound" />} />
  if (load.state === 'failed')
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage('network_error')}</Alert>
        <Button onClick={reload}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Box>
    )
  const h = load.holding
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1.5,
        }}
      >
        <Typography variant="h6" data-testid="detail-name">
          {localName(h.name, intl.locale)}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {h.code}
          </Typography>
        </Typography>
        <StatusChip status={h.status} />
      </Box>
      <HoldingDetails h={h} market={MARKET_OF_TYPE[type]} currency={currency} />
      {h.credit && (
        <CreditPanel
          h={{ ...h, credit: h.credit }}
          type={type}
          currency={currency}
          onChanged={reload}
        />
      )}
      <SellPanel h={h} type={type} currency={currency} onChanged={reload} />
    </>
  )
}
