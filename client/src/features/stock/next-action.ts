import type { WireAction } from '@kabu/shared/api/actions'

/** The listing's next ex-date still to come (the schedule arrives in date order), if any. */
export const nextAction = (actions: readonly WireAction[]): WireAction | undefined =>
  actions.find((a) => a.status === 'scheduled')

/** A split's ratio as holders read it: "2:1", or "1:5" for a reverse split of 0.2. */
export function ratioText(ratio: string | null): string {
  const r = Number(ratio)
  if (!Number.isFinite(r) || r <= 0) return '—'
  return r >= 1 ? `${r}:1` : `1:${Math.round(1 / r)}`
}
