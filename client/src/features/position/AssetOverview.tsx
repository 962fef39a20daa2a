import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Typography from '@mui/material/Typography'
import type { Assets } from '@kabu/shared/assets'
import { FormattedMessage, useIntl } from 'react-intl'
import { AssetFigure } from './AssetFigure'
import { formatMoney } from '../../ui/money'
import { SignedMoney } from './SignedMoney'

/**
 * Spec §7's cost view, labelled as such below net assets at market (issue 36): total assets, then holdings value, floating P/L,
 * available, frozen, credit line, buying power, working funds and total liabilities, all from
 * `deriveAssets` at the live prices.
 */
export function AssetOverview({
  assets,
  creditLine,
  currency,
}: {
  assets: Assets
  creditLine: string | null
  currency: string
}) {
  const intl = useIntl()
  const money = (value: string | null) => formatMoney(value, currency, intl.locale)
  return (
    <Card
      sx={{ p: 2 }}
      data-testid="asset-overview"
      component="section"
      aria-labelledby="cost-view"
    >
      <Typography variant="subtitle2" id="cost-view" data-testid="asset-cost-view-title">
        <FormattedMessage id="stock.assets.costView" />
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        <FormattedMessage id="stock.assets.costViewNote" />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id="stock.position.totalAssets" />
      </Typography>
      <Typography variant="h5" sx={{ fontWeight: 700, mb: 1.5 }} data-testid="asset-total">
        {money(assets.totalAssets)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 1.5 }}>
        <AssetFigure labelId="stock.position.holdingsValue" testId="asset-holdings-value">
          {money(assets.holdingsValue)}
        </AssetFigure>
        <AssetFigure labelId="stock.position.floatingPnl" testId="asset-floating-pnl">
          <SignedMoney value={assets.floatingPnl} currency={currency} />
        </AssetFigure>
        <AssetFigure labelId="stock.position.available" testId="asset-available">
          {money(assets.available)}
        </AssetFigure>
        <AssetFigure labelId="stock.position.frozen" testId="asset-frozen">
          {money(assets.frozen)}
        </AssetFigure>
        <AssetFigure labelId="stock.position.creditLine" testId="asset-credit-line">
          {creditLine === null ? '—' : money(creditLine)}
        </AssetFigure>
        <AssetFigure labelId="stock.position.buyingPower" testId="asset-buying-power">
          {money(assets.buyingPower)}
        </AssetFigure>
        <AssetFigure labelId="stock.position.workingFunds" testId="asset-working-funds">
          {money(assets.workingFunds)}
        </AssetFigure>
        <AssetFigure labelId="stock.position.liabilities" testId="asset-liabilities">
          {money(assets.borrowed)}
        </AssetFigure>
      </Box>
    </Card>
  )
}
