/**
 * The resting triggers of stop and trailing orders (MARKET-RULES.md §8), held by code and sorted by
 * price, so that a print touches only the triggers it fires: a buy stop fires when the last price
 * is at or above its trigger, a sell stop when it is at or below. A trailing stop's trigger follows
 * the best price since it was placed (the highest for a sell, the lowest for a buy) by its `trail`.
 * Prices are integer units (money/units.ts). The index is memory only: the orders table is the
 * record, and the index is filled from it at start.
 */
export type TriggerSide = 'buy' | 'sell'

interface Stop {
  id: string
  seq: number
  trigger: bigint
}

interface Trailing {
  id: string
  seq: number
  trail: bigint
  group: TrailGroup
}

/**
 * Trailing stops of one code and side that share their best price: each new best price reaches
 * every group it passes, so they merge into one, and a print compares each group's best with the
 * smallest trail of its members. Members are kept by trail, largest first, so those fired are
 * popped from the end.
 */
interface TrailGroup {
  best: bigint
  members: Trailing[]
}

interface Book {
  /** Buy stops, highest trigger first: those at or below a print are popped from the end. */
  buyStops: Stop[]
  /** Sell stops, lowest trigger first: those at or above a print are popped from the end. */
  sellStops: Stop[]
  /** Trailing groups of each side, those the next best price passes first. */
  buyTrails: TrailGroup[]
  sellTrails: TrailGroup[]
}

type Entry =
  | { kind: 'stop'; code: string; side: TriggerSide; stop: Stop }
  | { kind: 'trailing'; code: string; side: TriggerSide; member: Trailing }

const emptyBook = (): Book => ({ buyStops: [], sellStops: [], buyTrails: [], sellTrails: [] })

/** Whether `a` comes before `b` in a side's stop list (the end is what fires first). */
function stopBefore(side: TriggerSide, a: Stop, b: Stop): boolean {
  if (a.trigger !== b.trigger) return side === 'buy' ? a.trigger > b.trigger : a.trigger < b.trigger
  // Equal triggers fire together; the older sits nearer the end.
  return a.seq > b.seq
}

/** The index in `list` (sorted by `before`) at which `item` keeps it sorted. */
function insertionPoint<T>(list: readonly T[], item: T, before: (a: T, b: T) => boolean): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (before(list[middle] as T, item)) low = middle + 1
    else high = middle
  }
  return low
}

/** A group's member order: largest trail first, and of equal trails the older nearer the end. */
const memberBefore = (a: Trailing, b: Trailing) =>
  a.trail !== b.trail ? a.trail > b.trail : a.seq > b.seq

/** The trigger a trailing member stands at now. */
const trailTrigger = (side: TriggerSide, member: Trailing) =>
  side === 'sell' ? member.group.best - member.trail : member.group.best + member.trail

export class TriggerIndex {
  private readonly books = new Map<string, Book>()
  private readonly entries = new Map<string, Entry>()
  private seq = 0

  get size(): number {
    return this.entries.size
  }

  has(id: string): boolean {
    return this.entries.has(id)
  }

  /** The price at which `id` fires now (a trailing stop's moves with the market). */
  triggerOf(id: string): bigint | undefined {
    const entry = this.entries.get(id)
    if (!entry) return undefined
    return entry.kind === 'stop' ? entry.stop.trigger : trailTrigger(entry.side, entry.member)
  }

  /** A trailing stop's best price so far; undefined for a stop or an id not held. */
  bestOf(id: string): bigint | undefined {
    const entry = this.entries.get(id)
    return entry?.kind === 'trailing' ? entry.member.group.best : undefined
  }

  /** A stop: a buy fires at a print at or above `trigger`, a sell at or below. */
  addStop(id: string, code: string, side: TriggerSide, trigger: bigint): void {
    this.remove(id)
    const stop: Stop = { id, seq: this.seq++, trigger }
    const list = this.book(code)[side === 'buy' ? 'buyStops' : 'sellStops']
    list.splice(
      insertionPoint(list, stop, (a, b) => stopBefore(side, a, b)),
      0,
      stop,
    )
    this.entries.set(id, { kind: 'stop', code, side, stop })
  }

  /**
   * A trailing stop `trail` (> 0) away from `best`, the best price so far (the last price when
   * placed, or the one the orders table kept): a sell's trigger rises with each higher print, a
   * buy's falls with each lower one.
   */
  addTrailing(id: string, code: string, side: TriggerSide, trail: bigint, best: bigint): void {
    if (trail <= 0n) throw new RangeError(`a trail must be positive: ${trail}`)
    this.remove(id)
    const groups = this.book(code)[side === 'buy' ? 'buyTrails' : 'sellTrails']
    // Groups are ordered by best, the one a new best price passes first at the front.
    const passedFirst = (a: TrailGroup, b: TrailGroup) =>
      side === 'sell' ? a.best < b.best : a.best > b.best
    let group = groups.find((g) => g.best === best)
    if (!group) {
      group = { best, members: [] }
      groups.splice(insertionPoint(groups, group, passedFirst), 0, group)
    }
    const member: Trailing = { id, seq: this.seq++, trail, group }
    group.members.splice(insertionPoint(group.members, member, memberBefore), 0, member)
    this.entries.set(id, { kind: 'trailing', code, side, member })
  }

  /** Takes `id` out (cancelled, amended, filled elsewhere); false if it was not held. */
  remove(id: string): boolean {
    const entry = this.entries.get(id)
    if (!entry) return false
    this.entries.delete(id)
    const book = this.books.get(entry.code)
    if (!book) return true
    if (entry.kind === 'stop') {
      const list = entry.side === 'buy' ? book.buyStops : book.sellStops
      const at = insertionPoint(list, entry.stop, (a, b) => stopBefore(entry.side, a, b))
      list.splice(at, 1)
    } else {
      const { group } = entry.member
      group.members.splice(group.members.indexOf(entry.member), 1)
      if (group.members.length === 0) {
        const groups = entry.side === 'buy' ? book.buyTrails : book.sellTrails
        groups.splice(groups.indexOf(group), 1)
      }
    }
    if (this.isEmpty(book)) this.books.delete(entry.code)
    return true
  }

  /**
   * One print of `code` at `price`: returns the ids it fired, oldest first, and takes them out of
   * the index. Trailing stops first move their best price to this print where it is better.
   */
  onPrint(code: string, price: bigint): string[] {
    const book = this.books.get(code)
    if (!book) return []
    const fired: Array<{ id: string; seq: number }> = []
    popWhile(book.buyStops, (s) => s.trigger <= price, fired)
    popWhile(book.sellStops, (s) => s.trigger >= price, fired)
    this.trail(book.sellTrails, 'sell', price, fired)
    this.trail(book.buyTrails, 'buy', price, fired)
    if (fired.length === 0) return []
    for (const { id } of fired) this.entries.delete(id)
    if (this.isEmpty(book)) this.books.delete(code)
    return fired.sort((a, b) => a.seq - b.seq).map((f) => f.id)
  }

  private trail(
    groups: TrailGroup[],
    side: TriggerSide,
    price: bigint,
    fired: Array<{ id: string; seq: number }>,
  ): void {
    const better = (best: bigint) => (side === 'sell' ? price > best : price < best)
    // A better price reaches every group it passes: they become one group at this price.
    let passed = 0
    while (passed < groups.length && better((groups[passed] as TrailGroup).best)) passed++
    if (passed > 0) {
      const merged: TrailGroup = { best: price, members: [] }
      for (const group of groups.splice(0, passed, merged)) {
        for (const member of group.members) member.group = merged
        merged.members.push(...group.members)
      }
      merged.members.sort((a, b) => (memberBefore(a, b) ? -1 : 1))
    }
    // A print at its best price fires nothing (trails are positive); the others fire the members
    // whose trail the print has come back by.
    for (let g = groups.length - 1; g >= 0; g--) {
      const group = groups[g] as TrailGroup
      const back = side === 'sell' ? group.best - price : price - group.best
      popWhile(group.members, (m) => m.trail <= back, fired)
      if (group.members.length === 0) groups.splice(g, 1)
    }
  }

  private book(code: string): Book {
    let book = this.books.get(code)
    if (!book) this.books.set(code, (book = emptyBook()))
    return book
  }

  private isEmpty(book: Book): boolean {
    return (
      book.buyStops.length === 0 &&
      book.sellStops.length === 0 &&
      book.buyTrails.length === 0 &&
      book.sellTrails.length === 0
    )
  }
}

/** Pops the end of `list` while `fires` holds, into `fired`. */
function popWhile<T extends { id: string; seq: number }>(
  list: T[],
  fires: (item: T) => boolean,
  fired: Array<{ id: string; seq: number }>,
): void {
  for (let last = list[list.length - 1]; last && fires(last); last = list[list.length - 1]) {
    fired.push({ id: last.id, seq: last.seq })
    list.pop()
  }
}
