import { useSnapshot } from 'valtio'
import { preferences } from '../../state/preferences'
import { trendColor, trendFill, trendOf, trendPalette } from './trend'

/** The colour of `change` under the user's up-colour setting; re-renders when the setting changes. */
export function useTrendColor(change: number | undefined): string {
  const { upColor } = useSnapshot(preferences)
  return trendColor(trendOf(change ?? 0), upColor)
}

/** The background of a block of white text coloured by `change` (the percent pill). */
export function useTrendFill(change: number | undefined): string {
  const { upColor } = useSnapshot(preferences)
  return trendFill(trendOf(change ?? 0), upColor)
}

/** Up/down/flat colours for charts. */
export function useTrendPalette() {
  const { upColor } = useSnapshot(preferences)
  return trendPalette(upColor)
}
