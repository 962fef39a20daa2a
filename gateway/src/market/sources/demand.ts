/**
 * Which codes a streaming feed should carry now (issue 38, "subscription on demand"). A feed caps
 * the symbols one connection carries (kabu STATION 50, Alpaca's free plan 30), so it carries what
 * is wanted, ranked: codes phones watch now first, then codes of open or waiting orders and active
 * alerts, then held positions. A code nobody wants any more is kept for a grace period (a phone
 * flipping between two screens does not make the feed unregister and register it again), ranked
 * after everything wanted.
 */

/** The codes the broker needs priced now, by what needs them (an injected query, see app.ts). */
export interface BrokerCodes {
  /** Codes of open, partly filled or waiting orders. */
  orders: readonly string[]
  /** Codes of active alerts (the alerts area joins through this field). */
  alerts?: readonly string[]
  /** Codes of held positions. */
  holdings: readonly string[]
}

export type WantedByBroker = () => Promise<BrokerCodes>

/** How a code ranks: lower first. */
export const RANK = { watched: 0, ordered: 1, held: 2, grace: 3 } as const

export interface DemandOptions {
  /** How long a code nobody wants any more stays carried (QUOTE_RELEASE_GRACE_MS). */
  graceMs: number
  /** How often the broker's codes are read again. */
  brokerEveryMs: number
  brokerCodes?: WantedByBroker | undefined
  onError: (error: unknown) => void
  now?: () => number
}

/** What one feed carries: streamed upstream, served from its REST snapshot, or left to the simulator. */
export interface DemandPlan {
  stream: string[]
  /** Past the limit: served from the feed's snapshot (delayed), or by the simulator without one. */
  overflow: string[]
}

export class QuoteDemand {
  private readonly watchers = new Map<string, number>()
  /** What phones on the cluster's other gateways watch (issue 16: only the leader holds feeds). */
  private elsewhere: ReadonlyMap<string, number> = new Map()
  private broker: BrokerCodes = { orders: [], holdings: [] }
  /** When each code stopped being wanted, while its grace runs. */
  private readonly releasedAt = new Map<string, number>()
  private readonly listeners = new Set<() => void>()
  private timer: NodeJS.Timeout | null = null
  private readonly now: () => number

  constructor(private readonly options: DemandOptions) {
    this.now = options.now ?? (() => performance.now())
  }

  /**
   * Phones started watching `codes` (each call counts once per code: the hub calls per phone). Any
   * change of a count is news: the most watched rank first.
   */
  watch(codes: Iterable<string>): void {
    let changed = false
    for (const code of codes) {
      this.watchers.set(code, (this.watchers.get(code) ?? 0) + 1)
      this.releasedAt.delete(code)
      changed = true
    }
    if (changed) this.changed()
  }

  /** Phones stopped watching `codes`. */
  unwatch(codes: Iterable<string>): void {
    const before = this.wantedNow()
    let changed = false
    for (const code of codes) {
      const count = this.watchers.get(code) ?? 0
      if (count <= 1) this.watchers.delete(code)
      else this.watchers.set(code, count - 1)
      changed = true
    }
    if (!this.released(before) && changed) this.changed()
  }

  /** What this gateway's phones watch: each code with how many phones watch it. */
  watched(): ReadonlyMap<string, number> {
    return this.watchers
  }

  /**
   * What phones on the cluster's other gateways watch now (the leader hears it from each follower),
   * in place of what was said before: counted with this gateway's own watchers, and a code no
   * longer watched anywhere starts its grace.
   */
  watchedElsewhere(watchers: ReadonlyMap<string, number>): void {
    const before = this.wantedNow()
    const counts = (map: ReadonlyMap<string, number>) => [...map].sort().join()
    const recounted = counts(watchers) !== counts(this.elsewhere)
    this.elsewhere = new Map(watchers)
    if (!this.released(before) && recounted) this.changed()
  }

  /** Listens for a change of what is wanted; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Starts reading the broker's codes (the leader's feed needs them); idempotent. */
  start(): void {
    if (this.timer || !this.options.brokerCodes) return
    void this.readBroker()
    this.timer = setInterval(() => void this.readBroker(), this.options.brokerEveryMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  /**
   * The codes `owns` accepts, ranked, split at `limit`: the first `limit` stream, the rest
   * overflow. A code whose grace has run out is forgotten here.
   */
  plan(owns: (code: string) => boolean, limit: number): DemandPlan {
    const ranked = this.ranked().filter(([code]) => owns(code))
    const codes = ranked.map(([code]) => code)
    return { stream: codes.slice(0, limit), overflow: codes.slice(limit) }
  }

  /** Every wanted code (and those in their grace) with its rank, best first. */
  ranked(): Array<[string, number]> {
    const now = this.now()
    for (const [code, at] of this.releasedAt) {
      if (now - at >= this.options.graceMs) this.releasedAt.delete(code)
    }
    const rank = new Map<string, number>()
    const give = (codes: Iterable<string>, value: number) => {
      for (const code of codes) if (!rank.has(code)) rank.set(code, value)
    }
    give([...this.watchers.keys(), ...this.elsewhere.keys()], RANK.watched)
    give([...this.broker.orders, ...(this.broker.alerts ?? [])], RANK.ordered)
    give(this.broker.holdings, RANK.held)
    give(this.releasedAt.keys(), RANK.grace)
    // Among the watched, the most watched (on every gateway) first; otherwise by code, so a plan
    // is stable.
    const watchers = (code: string) =>
      (this.watchers.get(code) ?? 0) + (this.elsewhere.get(code) ?? 0)
    return [...rank].sort(
      ([a, ra], [b, rb]) => ra - rb || watchers(b) - watchers(a) || (a < b ? -1 : a > b ? 1 : 0),
    )
  }

  /** When the next grace runs out (performance.now() time), or undefined with none running. */
  nextExpiry(): number | undefined {
    let next: number | undefined
    for (const at of this.releasedAt.values()) {
      const end = at + this.options.graceMs
      if (next === undefined || end < next) next = end
    }
    return next
  }

  private async readBroker(): Promise<void> {
    const read = this.options.brokerCodes
    if (!read) return
    try {
      const fresh = await read()
      const before = this.wantedNow()
      this.broker = fresh
      this.released(before)
    } catch (error) {
      // The codes read last stay wanted: a failed read must not release what orders need.
      this.options.onError(error)
    }
  }

  /** Codes wanted now, grace aside. */
  private wantedNow(): Set<string> {
    const { orders, alerts = [], holdings } = this.broker
    const watched = [...this.watchers.keys(), ...this.elsewhere.keys()]
    return new Set([...watched, ...orders, ...alerts, ...holdings])
  }

  /**
   * Starts the grace of the codes wanted `before` and no longer; tells listeners when what is
   * wanted changed, and says whether it did.
   */
  private released(before: Set<string>): boolean {
    const now = this.wantedNow()
    const at = this.now()
    for (const code of before) if (!now.has(code)) this.releasedAt.set(code, at)
    for (const code of now) this.releasedAt.delete(code)
    const changed = before.size !== now.size || [...now].some((code) => !before.has(code))
    if (changed) this.changed()
    return changed
  }

  private changed(): void {
    for (const listener of this.listeners) listener()
  }
}
