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
  kind: AlertKind
  /** Armed alerts, highest threshold first: those a measure reaches are cut off the end. */
  armed: Entry[]
  /** Fired repeating alerts, lowest threshold first: those a measure falls under are cut off the end. */
  waiting: Entry[]
}

/** What one quote did: alerts whose condition became true, and fired ones whose became false. */
export interface Crossed {
  readonly fired: readonly Watched[]
  readonly rearmed: readonly Watched[]
}

/**
 * What nearly every quote does: nothing. Shared, so a quote that crosses nothing allocates nothing
 * (the check runs on the tick path's event loop, and its garbage is collected there too).
 */
const NONE: Crossed = Object.freeze({ fired: Object.freeze([]), rearmed: Object.freeze([]) })

const threshold = (a: Watched): number => (a.kind === 'price_below' ? -1 : 1) * Number(a.value)

/** A quote's measure for `kind`, or undefined when it has none (no trade yet, no previous close). */
export function measureOf(kind: AlertKind, quote: Quote): number | undefined {
  if (!(quote.price > 0)) return undefined
  return measureAt(kind, Math.round(priceToUnits(quote.price)), quote)
}

/** measureOf for a quote that has traded, its price in units already worked out once. */
function measureAt(kind: AlertKind, price: number, quote: Quote): number | undefined {
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

/** Entries over `m` (a list highest first): countBefore for the check, no closure made a quote. */
function countOver(list: readonly Entry[], m: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (list[middle]!.threshold > m) low = middle + 1
    else high = middle
  }
  return low
}

/** Entries at or under `m` (a list lowest first). */
function countAtOrUnder(list: readonly Entry[], m: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (list[middle]!.threshold <= m) low = middle + 1
    else high = middle
  }
  return low
}

export class AlertIndex {
  /**
   * code → its kinds' lists (at most one per kind). A code with no alert has no entry, so its
   * quotes cost one lookup; an array, not a map by kind, so a check walks it allocating nothing.
   */
  private readonly codes = new Map<string, Lists[]>()
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
    const lists = this.codes.get(code)?.find((l) => l.kind === kind)
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
    if (!kinds || !(quote.price > 0)) return NONE
    const price = Math.round(priceToUnits(quote.price))
    let fired: Watched[] | undefined
    let rearmed: Watched[] | undefined
    // Backwards: a kind left with no alert is dropped from the array as the walk goes.
    for (let k = kinds.length - 1; k >= 0; k--) {
      const lists = kinds[k]!
      const m = measureAt(lists.kind, price, quote)
      if (m === undefined) continue
      const { armed, waiting } = lists
      // Armed, highest first: the end holds every threshold at or under the measure, so the last
      // entry says whether there is any (most quotes stop here).
      if (armed.length > 0 && armed[armed.length - 1]!.threshold <= m) {
        const cut = countOver(armed, m)
        fired ??= []
        for (let i = cut; i < armed.length; i++) fired.push(this.take(armed[i]!))
        armed.length = cut
      }
      // Waiting, lowest first: the end holds every threshold over the measure.
      if (waiting.length > 0 && waiting[waiting.length - 1]!.threshold > m) {
        const back = countAtOrUnder(waiting, m)
        rearmed ??= []
        for (let i = back; i < waiting.length; i++) rearmed.push(this.take(waiting[i]!))
        waiting.length = back
      }
      if (armed.length === 0 && waiting.length === 0) this.drop(quote.code, lists.kind)
    }
    return fired || rearmed ? { fired: fired ?? [], rearmed: rearmed ?? [] } : NONE
  }

  /** An entry cut off its list: no longer held under its id. */
  private take(entry: Entry): Watched {
    this.byId.delete(entry.alert.id)
    return entry.alert
  }

  private lists(code: string, kind: AlertKind): Lists {
    let kinds = this.codes.get(code)
    if (!kinds) this.codes.set(code, (kinds = []))
    let lists = kinds.find((l) => l.kind === kind)
    if (!lists) kinds.push((lists = { kind, armed: [], waiting: [] }))
    return lists
  }

  private drop(code: string, kind: AlertKind): void {
    const kinds = this.codes.get(code)
    if (!kinds) return
    const at = kinds.findIndex((l) => l.kind === kind)
    if (at >= 0) kinds.splice(at, 1)
    if (kinds.length === 0) this.codes.delete(code)
  }
}
