import { useCallback, useEffect, useState } from 'react'
import { OpsRefusal } from './api'

export interface Loaded<T> {
  data: T | undefined
  error: string | undefined
  loading: boolean
  reload: () => void
}

/** Loads `load()` when `key` changes and on `reload()`; a late answer for an old key is dropped. */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: string }>({ key })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let current = true
    load().then(
      (data) => current && setState({ key, data }),
      (error: unknown) =>
        current &&
        setState({ key, error: error instanceof OpsRefusal ? error.msg : 'network_error' }),
    )
    return () => {
      current = false
    }
    // `load` is a fresh closure each render; `key` and `round` say when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round])
  const reload = useCallback(() => setRound((r) => r + 1), [])
  const fresh = state.key === key
  return {
    data: fresh ? state.data : undefined,
    error: fresh ? state.error : undefined,
    loading: !fresh || (state.data === undefined && state.error === undefined),
    reload,
  }
}
