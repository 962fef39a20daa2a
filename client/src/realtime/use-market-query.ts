import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'

export interface MarketQuery<T> {
  /** The answer for the current key (kept while the same key reloads). */
  data: T | undefined
  /** The failure of the last load for the current key, if it failed. */
  error: unknown
  loading: boolean
  /** Loads the current key again (retry, pull-to-refresh). */
  reload: () => void
}

interface Answer<T> {
  key: string
  round: number
  data?: T
  error?: unknown
}

/**
 * Loads `load(signal)` for `key` and again whenever `key` changes, aborting the request of a key
 * that is no longer wanted. Screens call this instead of fetching themselves.
 */
export function useMarketQuery<T>(
  key: string | undefined,
  load: (signal: AbortSignal) => Promise<T>,
  /** An answer already at hand for the first key (fetched moments ago): shown, not asked again. */
  seed?: () => T | undefined,
): MarketQuery<T> {
  const [round, setRound] = useState(0)
  const [answer, setAnswer] = useState<Answer<T> | undefined>(() => {
    const data = key === undefined ? undefined : seed?.()
    return key === undefined || data === undefined ? undefined : { key, round: 0, data }
  })
  // The key the seed answered; its first load is skipped once (a reload or another key loads).
  const seeded = useRef(answer?.key)
  const run = useEffectEvent((signal: AbortSignal) => load(signal))

  useEffect(() => {
    if (key === undefined) return
    if (round === 0 && seeded.current === key) {
      seeded.current = undefined
      return
    }
    const controller = new AbortController()
    run(controller.signal).then(
      (data) => setAnswer({ key, round, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key, round, error })
      },
    )
    return () => controller.abort()
  }, [key, round])

  const reload = useCallback(() => setRound((r) => r + 1), [])
  const current = answer?.key === key ? answer : undefined
  const data = current?.data
  const error = current?.round === round ? current.error : undefined
  const loading = key !== undefined && (current === undefined || current.round !== round)
  // The same object until something in it changes, so a memoised list given the query skips the
  // renders of its screen that were caused by something else (another query's answer).
  return useMemo(() => ({ data, error, loading, reload }), [data, error, loading, reload])
}
