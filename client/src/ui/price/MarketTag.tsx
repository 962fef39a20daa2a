import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { Market } from '@kabu/shared/market/types'

const TAG: Record<Market, { label: ReactNode; color: string }> = {
  jp: { label: <FormattedMessage id="market.tag.jp" />, color: '#c62f3a' },
  us: { label: <FormattedMessage id="market.tag.us" />, color: '#2f5fc6' },
  cn: { label: <FormattedMessage id="market.tag.cn" />, color: '#d9822b' },
}

/**
 * A small coloured tag naming the market (JP / US / CN), so a code is never ambiguous. Plain
 * (app.css `k-market-tag`): every stock row has one.
 */
export function MarketTag({ market }: { market: Market }) {
  const tag = TAG[market]
  return (
    <span className="k-market-tag" style={{ backgroundColor: tag.color }}>
      {tag.label}
    </span>
  )
}

/** The market's full name (Japan, US, China) for tabs. */
export const MARKET_NAME: Record<Market, ReactNode> = {
  jp: <FormattedMessage id="market.name.jp" />,
  us: <FormattedMessage id="market.name.us" />,
  cn: <FormattedMessage id="market.name.cn" />,
}
