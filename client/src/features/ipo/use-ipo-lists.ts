import type { IpoApplication, IpoDraw, IpoOffer, IpoPhase } from '@kabu/shared/api/ipo'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useState } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'
import { fetchApplications, fetchDraw, fetchOffers } from './ipo.api'
import { isIpoEvent } from './ipo-events'

export interface Loaded<T> {
  data: T | undefined
  failed: boolean
  reload: () => void
}

/**
 * Reads `load` now and on reload (and, when `onPush`, on every `/user` push about an application:
 * drawn, withdrawn, waived); newest read wins.
 */
function useLoaded<T>(load: () => Promise<T>, key: string, onPush = false): Loaded<T> {
  const [data, setData] = useState<T>()
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)
  const reload = useCallback(() => setRound((r) => r + 1), [])
  useEffect(() => {
    let live = true
    load().then(
      (value) => live && (setData(value), setFailed(false)),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
    // `load` is rebuilt each render; `key` names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round])
  useEffect(() => {
    if (!onPush) return
    const subscription = userEvents$().pipe(filter(isIpoEvent)).subscribe(reload)
    return () => subscription.unsubscribe()
  }, [onPush, reload])
  return { data, failed, reload }
}

/** The offers of one market in one phase. */
export const useOffers = (type: MarketType, phase: IpoPhase): Loaded<IpoOffer[]> =>
  useLoaded(() => fetchOffers(type, phase), `${type}:${phase}`, true)

/** The user's applications in one market (subscription and winning records), live on pushes. */
export const useApplications = (type: MarketType): Loaded<IpoApplication[]> =>
  useLoaded(() => fetchApplications(type), type, true)

/** The public record of a draw, for the verify view. */
export const useDrawRecord = (id: string): Loaded<IpoDraw> => useLoaded(() => fetchDraw(id), id)
