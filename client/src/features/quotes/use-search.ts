import { useEffect, useState } from 'react'
import { BehaviorSubject } from 'rxjs'
import { searchMarket } from '../../realtime/market-api'
import { searchAsYouType, type SearchState } from './search.stream'

/** The search box's state: what is typed, and the latest answer for it. */
export function useSearch() {
  const [text, setText] = useState('')
  const [input$] = useState(() => new BehaviorSubject(''))
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<SearchState>({ status: 'idle', query: '' })

  // A retry re-opens the pipeline; the subject replays the current text into it.
  useEffect(() => {
    const subscription = searchAsYouType(input$, searchMarket).subscribe((next) => setState(next))
    return () => subscription.unsubscribe()
  }, [input$, attempt])

  return {
    text,
    state,
    type(next: string) {
      setText(next)
      input$.next(next)
    },
    retry: () => setAttempt((a) => a + 1),
  }
}
