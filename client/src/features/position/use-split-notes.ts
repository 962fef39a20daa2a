import type { WireSplit } from '@kabu/shared/api/actions'
import type { MarketType } from '@kabu/shared/market/types'
import { useEffect, useState } from 'react'
import { fetchSplits } from './position.api'

/** The splits that adjusted holding `id`; [] until read, and when the read fails (a note only). */
export function useSplitNotes(type: MarketType, id: string): WireSplit[] {
  const [notes, setNotes] = useState<WireSplit[]>([])
  useEffect(() => {
    let live = true
    fetchSplits(type).then(
      (splits) => live && setNotes(splits.filter((s) => s.holding_id === id)),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [type, id])
  return notes
}
