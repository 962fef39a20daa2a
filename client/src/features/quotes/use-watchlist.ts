import type { WatchEntry } from '@kabu/shared/api/trade'
import type { MarketType } from '@kabu/shared/market/types'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { fetchWatchlist, removeFromWatchlist, sortWatchlist } from './watchlist.api'
import { moved } from './watchlist-order'

export const WATCH_MARKETS: readonly MarketType[] = ['jpy', 'usd', 'cny']
/** A market's list, or every market's one after the other (`all`). */
export type WatchTab = MarketType | 'all'

/** An entry and the market whose list holds it. */
export type WatchItem = WatchEntry & { type: MarketType }

export interface Watchlist {
  items: readonly WatchItem[] | null
  failed: boolean
  reload: () => void
  remove: (code: string) => void
  /** Moves `code` up (−1) or down (+1) and stores the new order; only within one market's list. */
  move: ((code: string, by: -1 | 1) => void) | undefined
}

const load = (type: MarketType): Promise<WatchItem[]> =>
  fetchWatchlist(type).then((list) => list.map((entry) => ({ ...entry, type })))

/**
 * One tab of the watchlist: loaded, edited on screen at once and then on the server. A refused edit
 * puts the list back as the server has it (the API client has toasted why). `remove` and `move`
 * are stable, so memoised rows keep their props. The server orders each market's list on its own,
 * so the `all` tab removes but does not reorder.
 */
export function useWatchlist(tab: WatchTab): Watchlist {
  const [items, setItems] = useState<readonly WatchItem[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)
  // What `remove` and `move` act on: read at the tap, so they can stay stable across edits.
  const current = useRef<readonly WatchItem[] | null>(null)
  useLayoutEffect(() => {
    current.current = items
  }, [items])

  useEffect(() => {
    let live = true
    const loading =
      tab === 'all' ? Promise.all(WATCH_MARKETS.map(load)).then((lists) => lists.flat()) : load(tab)
    loading.then(
      (list) => {
        if (!live) return
        setItems(list)
        setFailed(false)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [tab, round])

  const reload = useCallback(() => setRound((r) => r + 1), [])

  const remove = useCallback(
    (code: string) => {
      const item = current.current?.find((e) => e.code === code)
      if (!item) return
      setItems((list) => list?.filter((e) => e.code !== code) ?? null)
      removeFromWatchlist(item.type, code).catch(reload)
    },
    [reload],
  )

  const move = useCallback(
    (code: string, by: -1 | 1) => {
      const list = current.current
      if (!list || tab === 'all') return
      const next = moved(
        list,
        list.findIndex((e) => e.code === code),
        by,
      )
      if (next === list) return
      setItems(next)
      sortWatchlist(
        tab,
        next.map((e) => e.code),
      ).catch(reload)
    },
    [tab, reload],
  )

  return { items, failed, reload, remove, move: tab === 'all' ? undefined : move }
}
