import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE, type MarketType } from '@kabu/shared/market/types'
import { FormattedMessage, useIntl } from 'react-intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { LoadFailed } from '../../ui/LoadFailed'
import { localName } from '../../ui/price/names'
import { RequireSession } from '../../ui/RequireSession'
import { useScreenParams } from './use-screen-params'
import { CoverPanel } from './CoverPanel'
import { CreditPanel } from './CreditPanel'
import { HoldingDetails } from './HoldingDetails'
import { ShortChip, StatusChip } from './HoldingRow'
import { SellPanel } from './SellPanel'
import { SplitNote } from './SplitNote'
import { useHolding } from './use-holding'

/**
 * /position/info?type=jpy&id=…: one holding with every column of spec §2, and its sell (a short:
 * its buy-to-cover).
 */
export function PositionInfoScreen() {
  const { type, id } = useScreenParams()
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
  if (load.state === 'failed') return <LoadFailed error={null} onRetry={reload} />
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
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {h.side === 'short' && <ShortChip />}
          <StatusChip status={h.status} />
        </Box>
      </Box>
      <HoldingDetails h={h} market={MARKET_OF_TYPE[type]} currency={currency} />
      <SplitNote type={type} id={id} currency={currency} />
      {h.credit && (
        <CreditPanel
          h={{ ...h, credit: h.credit }}
          type={type}
          currency={currency}
          onChanged={reload}
        />
      )}
      {/* A short is closed by buying it back (返済買い), never by a sell. */}
      {h.side === 'short' ? (
        <CoverPanel h={h} type={type} currency={currency} onChanged={reload} />
      ) : (
        <SellPanel h={h} type={type} currency={currency} onChanged={reload} />
      )}
    </>
  )
}
