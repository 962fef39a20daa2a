import { useCallback, useEffect, useRef } from 'react'

/**
 * A ref for the element at the end of a list: `onReached` runs whenever it scrolls into view (a
 * little before, in fact), so the next page is there before the reader is.
 */
export function useEndOfList(onReached: () => void) {
  const latest = useRef(onReached)
  useEffect(() => {
    latest.current = onReached
  }, [onReached])
  return useCallback((el: HTMLElement | null) => {
    if (!el || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: '200px 0px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
}
