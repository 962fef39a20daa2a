import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Divider from '@mui/material/Divider'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { AssetFigure } from './AssetFigure'
import { formatMoney } from '../../ui/money'
import { SignedMoney } from './SignedMoney'
import { WALLETS, type NetAssetsView } from './use-net-assets'

/**
 * Net assets at market first (issue 36): the figure, the day's change in the up/down colours,
 * what it is made of, liabilities apart, then every wallet and their total in yen.
 */
export function NetAssetsCard({ view }: { view: NetAssetsView }) {
  const intl = useIntl()
  const { wallet: a, wallets, all } = view
  const money = (value: string, currency: string = a.currency) =>
    formatMoney(value, currency, intl.locale)
  return (
    <Card sx={{ p: 2 }} data-testid="net-assets">
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id="stock.assets.netAssets" />
      </Typography>
      <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="net-assets-value">
        {money(a.net_assets)}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="net-assets-day-change">
        <FormattedMessage id="stock.assets.dayChange" />{' '}
        <SignedMoney value={a.day_change} currency={a.currency} /> (
        <SignedMoney value={a.day_change_pct} currency={a.currency} percent />)
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 1.5 }}>
        <AssetFigure labelId="stock.assets.cash" testId="net-assets-cash">
          {money(a.cash_available)}
        </AssetFigure>
        <AssetFigure labelId="stock.assets.cashFrozen" testId="net-assets-frozen">
          {money(a.cash_frozen)}
        </AssetFigure>
        <AssetFigure labelId="stock.assets.marketValue" testId="net-assets-market-value">
          {money(a.market_value)}
        </AssetFigure>
        <AssetFigure labelId="stock.assets.unrealizedPnl" testId="net-assets-pnl">
          <SignedMoney value={a.unrealized_pnl} currency={a.currency} />
        </AssetFigure>
        <AssetFigure labelId="stock.assets.products" testId="net-assets-products">
          {money(a.products_value)}
        </AssetFigure>
        <AssetFigure labelId="stock.assets.daytrade" testId="net-assets-daytrade">
          {money(a.daytrade_value)}
        </AssetFigure>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="stock.assets.liabilities" />
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="net-assets-liabilities">
          {money(a.liabilities)}
        </Typography>
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 1.5 }}>
        {WALLETS.map((w) => (
          <AssetFigure
            key={w}
            labelId={`stock.assets.wallet.${w}`}
            testId={`net-assets-wallet-${w}`}
          >
            {money(wallets[w].net_assets, wallets[w].currency)}
          </AssetFigure>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="stock.assets.totalInYen" />
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="net-assets-total-jpy">
          {money(all.net_assets, 'JPY')}
        </Typography>
      </Box>
    </Card>
  )
}
