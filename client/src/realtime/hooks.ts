import { useMemo, useSyncExternalStore } from 'react'
import type { Observable } from 'rxjs'

interface LatestStore<T> {
  subscribe(onChange: () => void): () => void
  get(): T | undefined
}

const EMPTY_STORE: LatestStore<never> = { subscribe: () => () => {}, get: () => undefined }

// The value outlives one subscription on purpose: StrictMode and quick remounts unsubscribe and
// subscribe again, and the screen should keep showing the last price meanwhile.
function latestStore<T>(source: Observable<T>): LatestStore<T> {
  let value: T | undefined
  return {
    subscribe(onChange) {
      const subscription = source.subscribe({
        next: (next) => {
          value = next
          onChange()
        },
        // A stream that fails (unknown code, refused) just has no value; screens show their empty state.
        error: () => {
          value = undefined
          onChange()
        },
      })
      return () => subscription.unsubscribe()
    },
    get: () => value,
  }
}

/**
 * The latest value of the stream `open(key)`, re-opened when `key` changes; undefined until the
 * first value and when `key` is undefined. `open` must be a stable (module-level) function.
 */
export function useLatest<T>(
  key: string | undefined,
  open: (key: string) => Observable<T>,
): T | undefined {
  const store = useMemo(
    () => (key === undefined ? EMPTY_STORE : latestStore(open(key))),
    [key, open],
  )
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
