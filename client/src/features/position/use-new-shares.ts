import { IPO_EVENT_TYPES, type IpoApplication } from '@kabu/shared/api/ipo'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useState } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'
import { fetchNewShares } from './position.api'

/** Statuses still in progress: awaiting the draw, or won and waiting for payment. */
const IN_PROGRESS: readonly number[] = [1, 2]

/**
 * The user's new-share applications split in progress / ended, re-read when a push changes one
 * (drawn, withdrawn by the operator, waived by the deadline).
 */
export function useNewShares(type: MarketType) {
  const [rows, setRows] = useState<IpoApplication[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  useEffect(() => {
    let live = true
    fetchNewShares(type).then(
      (list) => live && (setRows(list), setFailed(false)),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [type, version])
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter((e) => (IPO_EVENT_TYPES as readonly string[]).includes(e.type)))
      .subscribe(reload)
    return () => subscription.unsubscribe()
  }, [reload])
  return {
    open: rows?.filter((r) => IN_PROGRESS.includes(r.status)) ?? null,
    ended: rows?.filter((r) => !IN_PROGRESS.includes(r.status)) ?? null,
    failed,
    reload,
  }
}
