import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Typography from '@mui/material/Typography'
import type { Assets } from '@kabu/shared/assets'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { SignedMoney } from './SignedMoney'

function Figure({
  labelId,
  testId,
  children,
}: {
  labelId: string
  testId: string
  children: ReactNode
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        <FormattedMessage id={labelId} />
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap data-testid={testId}>
        {children}
      </Typography>
    </Box>
  )
}

/**
 * The asset overview of spec §2/§3/§7: total assets big, then holdings value, floating P/L,
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
    <Card sx={{ p: 2 }} data-testid="asset-overview">
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id="stock.position.totalAssets" />
      </Typography>
      <Typography variant="h5" sx={{ fontWeight: 700, mb: 1.5 }} data-testid="asset-total">
        {money(assets.totalAssets)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 1.5 }}>
        <Figure labelId="stock.position.holdingsValue" testId="asset-holdings-value">
          {money(assets.holdingsValue)}
        </Figure>
        <Figure labelId="stock.position.floatingPnl" testId="asset-floating-pnl">
          <SignedMoney value={assets.floatingPnl} currency={currency} />
        </Figure>
        <Figure labelId="stock.position.available" testId="asset-available">
          {money(assets.available)}
        </Figure>
        <Figure labelId="stock.position.frozen" testId="asset-frozen">
          {money(assets.frozen)}
        </Figure>
        <Figure labelId="stock.position.creditLine" testId="asset-credit-line">
          {creditLine === null ? '—' : money(creditLine)}
        </Figure>
        <Figure labelId="stock.position.buyingPower" testId="asset-buying-power">
          {money(assets.buyingPower)}
        </Figure>
        <Figure labelId="stock.position.workingFunds" testId="asset-working-funds">
          {money(assets.workingFunds)}
        </Figure>
        <Figure labelId="stock.position.liabilities" testId="asset-liabilities">
          {money(assets.borrowed)}
        </Figure>
      </Box>
    </Card>
  )
}
