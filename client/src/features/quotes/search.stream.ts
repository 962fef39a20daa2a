import {
  catchError,
  debounceTime,
  distinctUntilChanged,
  map,
  type Observable,
  of,
  scan,
  startWith,
  switchMap,
} from 'rxjs'
import type { SearchHit } from '../../realtime/market-api'
import { fromAbortable } from '../../realtime/from-abortable'

export type SearchState =
  | { status: 'idle'; query: '' }
  /** `hits`: the previous answer, kept on screen until the new one arrives (no flicker per key). */
  | { status: 'loading'; query: string; hits: SearchHit[] }
  | { status: 'done'; query: string; hits: SearchHit[] }
  | { status: 'error'; query: string; error: unknown }

export type SearchCall = (q: string, signal: AbortSignal) => Promise<SearchHit[]>

/** Longest query sent; the gateway refuses longer ones, and no code or name is this long. */
export const MAX_QUERY_LENGTH = 64

/**
 * Search as you type: waits for a pause in typing, skips a query equal to the last one, and
 * cancels the request of a query that was typed over (switchMap + abort), so a slow answer to
 * "トヨ" can never replace the answer to "トヨタ".
 */
export function searchAsYouType(
  input$: Observable<string>,
  search: SearchCall,
  debounceMs = 250,
): Observable<SearchState> {
  return input$.pipe(
    map((text) => text.trim().slice(0, MAX_QUERY_LENGTH)),
    debounceTime(debounceMs),
    distinctUntilChanged(),
    switchMap((query): Observable<SearchState> => {
      if (query === '') return of({ status: 'idle', query: '' })
      return fromAbortable((signal) => search(query, signal)).pipe(
        map((hits): SearchState => ({ status: 'done', query, hits })),
        startWith<SearchState>({ status: 'loading', query, hits: [] }),
        catchError((error: unknown) => of<SearchState>({ status: 'error', query, error })),
      )
    }),
    scan((shown: SearchState, next: SearchState): SearchState => {
      if (next.status !== 'loading') return next
      const hits = shown.status === 'done' || shown.status === 'loading' ? shown.hits : []
      return { ...next, hits }
    }),
  )
}
