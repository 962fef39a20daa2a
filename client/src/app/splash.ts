import { useEffect } from 'react'

/** How long index.html's splash takes to fade (its CSS transition; the first screen's fade-in). */
const FADE_MS = 220

/**
 * Fades index.html's splash out and removes it: called once the first screen (or the error shown
 * instead) has rendered, so the brand drawn before any script arrived gives way to the screen
 * fading in under it, with no blank page or spinner in between. Safe to call again.
 */
export function dismissSplash(doc: Document = document): void {
  const splash = doc.getElementById('splash')
  if (!splash || splash.hasAttribute('data-leaving')) return
  // Clicks reach the screen at once (the CSS turns pointer events off while it fades).
  splash.setAttribute('data-leaving', '')
  setTimeout(() => splash.remove(), FADE_MS + 30)
}

/** Dismisses the splash when the calling component first renders. */
export function useDismissSplash(): void {
  useEffect(() => dismissSplash(), [])
}
