import type { Market } from '@kabu/shared/market/types'

/**
 * The least 委託保証金 a new credit position needs on `market` (config `credit_min_margin_jpy`,
 * whole yen), which both credit tickets state: Japan's rule, so null on the other markets and
 * when the gateway publishes none (an upstream broker).
 *
 * @example creditMinMargin('jp', { credit_min_margin_jpy: '300000' }) // '300000'
 */
export function creditMinMargin(
  market: Market,
  config: Readonly<Record<string, string>>,
): string | null {
  return market === 'jp' ? (config.credit_min_margin_jpy ?? null) : null
}
