import { useIntl } from 'react-intl'
import { COMPACT_OPTIONS } from './format'

/** A volume, turnover or market cap in the reader's units (万/億, 万/亿, K/M/B). */
export function CompactNumber({ value }: { value: number | undefined }) {
  const intl = useIntl()
  return <>{value === undefined ? '--' : intl.formatNumber(value, COMPACT_OPTIONS)}</>
}
