import { useSyncExternalStore } from 'react'

let restores = 0

function subscribe(onChange: () => void): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return
    restores++
    onChange()
  }
  window.addEventListener('pageshow', onPageShow)
  return () => window.removeEventListener('pageshow', onPageShow)
}

/**
 * How many times the browser has put this page back from its back/forward cache: a phone's
 * browser keeps the page when the user leaves for another site and shows it again, as it was, on
 * Back. What it showed then (a deposit's outcome under review, balances, prices) may be long
 * past, and the sockets were closed meanwhile (issue 34 item 11): the app keys its screens on this
 * count, so each starts afresh and reads the gateway again.
 */
export function useRestoredPageCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => restores,
    () => 0,
  )
}
