import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { WireClosedHolding, WireHolding } from '@kabu/shared/api/trade'
import type { Market } from '@kabu/shared/market/types'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { pnlPercent } from './live-holdings'
import { SignedMoney } from './SignedMoney'

function Row({
  labelId,
  testId,
  children,
}: {
  labelId: string
  testId: string
  children: ReactNode
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id={labelId} />
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, textAlign: 'right' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  )
}

// A short's columns say what they hold: its "buy" is the sale that opened it, its "sell" the
// buy-to-cover that closed it.
const LABELS = {
  long: {
    buyTime: 'stock.position.buyTime',
    quantity: 'stock.position.quantity',
    buyPrice: 'stock.position.buyPrice',
    buyFee: 'stock.position.buyFee',
    marketValue: 'stock.position.marketValue',
    sellPrice: 'stock.position.sellPrice',
    sellTime: 'stock.position.sellTime',
    sellFee: 'stock.position.sellFee',
  },
  short: {
    buyTime: 'stock.position.short.openTime',
    quantity: 'stock.position.short.quantity',
    buyPrice: 'stock.position.short.openPrice',
    buyFee: 'stock.position.short.openFee',
    marketValue: 'stock.position.short.marketValue',
    sellPrice: 'stock.position.short.coverPrice',
    sellTime: 'stock.position.short.coverTime',
    sellFee: 'stock.position.short.coverFee',
  },
} as const

/**
 * Every column of spec §2's position detail: order number, buy time, holding quantity, acquisition
 * price, current price, market value, valuation P/L and rate, leverage, margin, fees; once sold, the
 * sell price and time, the sell fee and (China) stamp duty.
 */
export function HoldingDetails({
  h,
  market,
  currency,
}: {
  h: WireHolding | WireClosedHolding
  market: Market
  currency: string
}) {
  const intl = useIntl()
  const money = (v: string) => formatMoney(v, currency, intl.locale)
  const time = (ms: number | null) =>
    ms === null ? '—' : intl.formatDate(ms, { dateStyle: 'medium', timeStyle: 'medium' })
  const rate = pnlPercent(h)
  const sold = 'sell_price' in h && h.status === 4
  // China's sales pay stamp duty beside the sell fee; a sale recorded before the two were kept
  // apart (null) shows them as one sell fee, as charged.
  const stampDuty = sold && market === 'cn' ? (h as WireClosedHolding).stamp_duty : null
  // An ended row's P/L is the realised one, fees included (the gateway's `yingkui` of that list).
  const ended = h.status === 3 || h.status === 4
  const label = LABELS[h.side === 'short' ? 'short' : 'long']
  return (
    <Box sx={{ px: 2 }}>
      <Row labelId="stock.position.orderNo" testId="detail-id">
        {h.id}
      </Row>
      <Row labelId={label.buyTime} testId="detail-buy-time">
        {time(h.buy_time)}
      </Row>
      <Row labelId={label.quantity} testId="detail-quantity">
        {intl.formatNumber(h.stock_num)}
      </Row>
      <Row labelId={label.buyPrice} testId="detail-buy-price">
        {money(h.buy_price)}
      </Row>
      <Row labelId="stock.position.nowPrice" testId="detail-now-price">
        {money(h.nowprice)}
      </Row>
      <Row labelId={label.marketValue} testId="detail-market-value">
        {money(h.market_value)}
      </Row>
      <Row
        labelId={ended ? 'stock.position.realisedPnl' : 'stock.position.pnl'}
        testId="detail-pnl"
      >
        <SignedMoney value={h.yingkui} currency={currency} />
        {rate !== null && (
          <Box component="span" sx={{ ml: 1 }} data-testid="detail-pnl-rate">
            <SignedMoney value={rate} currency={currency} percent />
          </Box>
        )}
      </Row>
      <Row labelId="stock.position.leverage" testId="detail-leverage">
        ×{h.leverage}
      </Row>
      <Row labelId="stock.position.margin" testId="detail-margin">
        {money(h.margin)}
      </Row>
      <Row labelId={label.buyFee} testId="detail-buy-fee">
        {money(h.buy_fee)}
      </Row>
      {sold && (
        <>
          <Row labelId={label.sellPrice} testId="detail-sell-price">
            {money((h as WireClosedHolding).sell_price)}
          </Row>
          <Row labelId={label.sellTime} testId="detail-sell-time">
            {time((h as WireClosedHolding).sell_time)}
          </Row>
          <Row labelId={label.sellFee} testId="detail-sell-fee">
            {money((h as WireClosedHolding).sell_fee)}
          </Row>
          {stampDuty !== null && (
            <Row labelId="stock.position.stampDutyPaid" testId="detail-stamp-duty">
              {money(stampDuty)}
            </Row>
          )}
        </>
      )}
    </Box>
  )
}
