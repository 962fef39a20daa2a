import type { AlertKind } from '@kabu/shared/api/alerts'
import { priceToUnits } from '@kabu/shared/money/units'
import type { Quote } from '@kabu/shared/market/types'

/**
 * The alerts the leader watches, held by code and kind and sorted by threshold, so that a quote
 * touches only the alerts it crosses: one binary search per list, then a cut off its end. Memory
 * only: the alerts table is the record, and the watcher fills the index from it.
 *
 * Every kind is one comparison, "the quote's measure is at or above the threshold": the price in
 * units (price_above), minus the price (price_below, whose threshold is minus its value), the
 * change from the previous close up or down in 1/10,000 % (change_pct_up, change_pct_down),
 * the day's shares (volume_above). Integers all, so a boundary is exact.
 */
export interface Watched {
  id: string
  userId: bigint
  code: string
  kind: AlertKind
  /** The stored value (units, or shares for a volume). */
  value: bigint
  repeat: boolean
  /** False for a repeating alert that fired and waits for its condition to be false once. */
  armed: boolean
}

interface Entry {
  alert: Watched
  threshold: number
}

interface Lists {
  /** Armed alerts, highest threshold first: those a measure reaches are cut off the end. */
  armed: Entry[]
  /** Fired repeating alerts, lowest threshold first: those a measure falls under are cut off the end. */
  waiting: Entry[]
}

/** What one quote did: alerts whose condition became true, and fired ones whose became false. */
export interface Crossed {
  fired: Watched[]
  rearmed: Watched[]
}

const threshold = (a: Watched): number => (a.kind === 'price_below' ? -1 : 1) * Number(a.value)

/** A quote's measure for `kind`, or undefined when it has none (no trade yet, no previous close). */
export function measureOf(kind: AlertKind, quote: Quote): number | undefined {
  if (!(quote.price > 0)) return undefined
  const price = Math.round(priceToUnits(quote.price))
  switch (kind) {
    case 'price_above':
      return price
    case 'price_below':
      return -price
    case 'volume_above':
      return quote.volume
    default: {
      const close = Math.round(priceToUnits(quote.prevClose))
      if (!(close > 0)) return undefined
      const move = kind === 'change_pct_up' ? price - close : close - price
      // Exact: |move| × 10^6 stays far below 2^53, and a quotient 1/close from an integer is never
      // rounded onto it.
      return Math.floor((move * 1_000_000) / close)
    }
  }
}

/** How many entries of `list` (sorted by `before`) come before a `value`. */
function countBefore(list: readonly Entry[], before: (t: number) => boolean): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (before((list[middle] as Entry).threshold)) low = middle + 1
    else high = middle
  }
  return low
}

export class AlertIndex {
  /** code → kind → lists. */
  private readonly codes = new Map<string, Map<AlertKind, Lists>>()
  private readonly byId = new Map<string, Entry>()

  get size(): number {
    return this.byId.size
  }

  get(id: string): Watched | undefined {
    return this.byId.get(id)?.alert
  }

  /** Holds `alert` (replacing what was held under its id). */
  put(alert: Watched): void {
    this.remove(alert.id)
    const entry: Entry = { alert, threshold: threshold(alert) }
    const lists = this.lists(alert.code, alert.kind)
    const t = entry.threshold
    // Equal thresholds sit together, the newest first (remove looks for it from there).
    if (alert.armed)
      lists.armed.splice(
        countBefore(lists.armed, (x) => x > t),
        0,
        entry,
      )
    else
      lists.waiting.splice(
        countBefore(lists.waiting, (x) => x < t),
        0,
        entry,
      )
    this.byId.set(alert.id, entry)
  }

  /** Forgets everything (a new lead reads the table afresh). */
  clear(): void {
    this.codes.clear()
    this.byId.clear()
  }

  /** Holds many alerts at once (the store's at the start of a lead): one sort per list. */
  load(alerts: readonly Watched[]): void {
    const touched = new Set<Lists>()
    for (const alert of alerts) {
      this.remove(alert.id)
      const entry: Entry = { alert, threshold: threshold(alert) }
      const lists = this.lists(alert.code, alert.kind)
      ;(alert.armed ? lists.armed : lists.waiting).push(entry)
      touched.add(lists)
      this.byId.set(alert.id, entry)
    }
    for (const lists of touched) {
      lists.armed.sort((a, b) => b.threshold - a.threshold)
      lists.waiting.sort((a, b) => a.threshold - b.threshold)
    }
  }

  /** Takes `id` out; false if it was not held. */
  remove(id: string): boolean {
    const entry = this.byId.get(id)
    if (!entry) return false
    this.byId.delete(id)
    const { code, kind, armed } = entry.alert
    const lists = this.codes.get(code)?.get(kind)
    if (!lists) return true
    const list = armed ? lists.armed : lists.waiting
    const t = entry.threshold
    // The entries of equal threshold sit together from the first not before `t`.
    let at = countBefore(list, armed ? (x) => x > t : (x) => x < t)
    while (at < list.length && list[at] !== entry) at++
    if (at < list.length) list.splice(at, 1)
    if (lists.armed.length === 0 && lists.waiting.length === 0) this.drop(code, kind)
    return true
  }

  /** The codes the index holds alerts of. */
  codesHeld(): IterableIterator<string> {
    return this.codes.keys()
  }

  /**
   * One quote: the armed alerts it reaches leave the index (`fired`), and the waiting ones whose
   * condition it makes false too (`rearmed`). The caller puts back what the store confirms.
   */
  check(quote: Quote): Crossed {
    const kinds = this.codes.get(quote.code)
    const fired: Watched[] = []
    const rearmed: Watched[] = []
    if (!kinds) return { fired, rearmed }
    for (const [kind, lists] of kinds) {
      const m = measureOf(kind, quote)
      if (m === undefined) continue
      // Armed, highest first: the end holds every threshold at or under the measure.
      const cut = countBefore(lists.armed, (t) => t > m)
      for (const e of lists.armed.splice(cut)) fired.push(e.alert)
      // Waiting, lowest first: the end holds every threshold over the measure.
      const back = countBefore(lists.waiting, (t) => t <= m)
      for (const e of lists.waiting.splice(back)) rearmed.push(e.alert)
      if (lists.armed.length === 0 && lists.waiting.length === 0) this.drop(quote.code, kind)
    }
    for (const a of fired) this.byId.delete(a.id)
    for (const a of rearmed) this.byId.delete(a.id)
    return { fired, rearmed }
  }

  private lists(code: string, kind: AlertKind): Lists {
    let kinds = this.codes.get(code)
    if (!kinds) this.codes.set(code, (kinds = new Map()))
    let lists = kinds.get(kind)
    if (!lists) kinds.set(kind, (lists = { armed: [], waiting: [] }))
    return lists
  }

  private drop(code: string, kind: AlertKind): void {
    const kinds = this.codes.get(code)
    kinds?.delete(kind)
    if (kinds?.size === 0) this.codes.delete(code)
  }
}
