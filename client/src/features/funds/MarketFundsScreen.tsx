import type { MarketType } from '@kabu/shared/market/types'
import { useState, type ComponentType } from 'react'
import { FormattedMessage } from 'react-intl'
import { Header } from '../../ui/Header'
import { RequireSession } from '../../ui/RequireSession'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'

/**
 * The frame of a per-market money screen (deposit, withdrawal): signed in, a title, the market
 * switch. The body is keyed by market so switching starts its machine afresh.
 */
export function MarketFundsScreen({
  titleId,
  Body,
}: {
  titleId: string
  Body: ComponentType<{ type: MarketType }>
}) {
  const [type, setType] = useState<MarketType>('jpy')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id={titleId} />} />
      <MarketTypeTabs of="wallet" testIdPrefix="market-" value={type} onChange={setType} />
      <Body key={type} type={type} />
    </RequireSession>
  )
}
