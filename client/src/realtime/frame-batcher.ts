import type { Quote } from '@kabu/shared/market/types'

/** Runs a callback before the next paint. Injected so tests decide when a frame happens. */
export type RequestFrame = (callback: () => void) => void

/**
 * `requestAnimationFrame` where there is one. A hidden tab gets no frames, so updates simply wait
 * there (only the latest per code is kept) instead of piling up work nobody sees.
 */
export const defaultRequestFrame: RequestFrame = (callback) => {
  if (typeof globalThis.requestAnimationFrame === 'function') {
    globalThis.requestAnimationFrame(() => callback())
  } else {
    setTimeout(callback, 16)
  }
}

/**
 * Keeps the latest quote per code and hands them over at most once per frame: a burst of ticks
 * re-renders each price once, not once per message.
 */
export function createFrameBatcher(requestFrame: RequestFrame, deliver: (quote: Quote) => void) {
  const pending = new Map<string, Quote>()
  let scheduled = false

  const flush = () => {
    scheduled = false
    const batch = [...pending.values()]
    pending.clear()
    for (const quote of batch) deliver(quote)
  }

  return {
    push(quote: Quote) {
      pending.set(quote.code, quote)
      if (!scheduled) {
        scheduled = true
        requestFrame(flush)
      }
    },
    drop(code: string) {
      pending.delete(code)
    },
  }
}
