import { proxy } from 'valtio'

export interface Toast {
  /** Grows with every toast, so the same text shown twice still restarts the timer. */
  id: number
  text: string
  durationMs: number
  severity: 'info' | 'success' | 'error'
  /** A link the toast offers (an alert's stock): a hash route and its label. */
  link?: { href: `#/${string}`; label: string }
}

/** One toast at a time, as the spec's clients do; a newer one replaces the older. */
export const toastState = proxy<{ current: Toast | null; busy: boolean }>({
  current: null,
  busy: false,
})

let nextId = 1

export function showToast(
  text: string,
  durationMs = 2000,
  severity: Toast['severity'] = 'info',
  link?: Toast['link'],
): void {
  toastState.current = { id: nextId++, text, durationMs, severity, ...(link ? { link } : {}) }
}

export function dismissToasts(): void {
  toastState.current = null
}

/** Driven by the api client's request counter: true while any /api/vue request runs. */
export function setBusy(busy: boolean): void {
  toastState.busy = busy
}
