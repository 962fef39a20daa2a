import type { AssetPoint } from '@kabu/shared/api/assets'
import { parseUnits } from '@kabu/shared/money/decimal'

export interface DepositMark {
  date: string
  kind: 'deposit' | 'withdrawal'
}

const units = (text: string) => parseUnits(text, { signed: true }) ?? 0n

/**
 * The closes where money came in or went out since the close before: the chart marks them, so a
 * step up from a deposit is not read as a gain.
 *
 * @example depositMarks([{ date: 'a', net_assets: '1', net_deposits: '0' },
 *   { date: 'b', net_assets: '9', net_deposits: '8' }]) // [{ date: 'b', kind: 'deposit' }]
 */
export function depositMarks(points: readonly AssetPoint[]): DepositMark[] {
  const marks: DepositMark[] = []
  for (let i = 1; i < points.length; i++) {
    const moved = units(points[i]!.net_deposits) - units(points[i - 1]!.net_deposits)
    if (moved !== 0n)
      marks.push({ date: points[i]!.date, kind: moved > 0n ? 'deposit' : 'withdrawal' })
  }
  return marks
}

/** The line's values: net assets as chart numbers (display only; the figures stay decimal). */
export const chartLine = (points: readonly AssetPoint[]) =>
  points.map((p) => ({ time: p.date, value: Number(p.net_assets) }))
