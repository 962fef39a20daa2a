/**
 * Retry pacing of a flaky upstream: exponential backoff with full jitter between failed tries, and
 * a circuit breaker that stops trying for a cool-down after `failureThreshold` failures in a row,
 * then lets one probe through (half-open): its success closes the circuit, its failure opens it
 * again. No maintained library for this is installed, and the rules fit in this file.
 */
export interface BreakerOptions {
  failureThreshold: number
  coolDownMs: number
  /** Backoff after the first failure, doubling with each further one up to maxBackoffMs. */
  baseBackoffMs: number
  maxBackoffMs: number
  now?: () => number
  /** [0, 1); injected so tests can pin the jitter. */
  random?: () => number
}

export type BreakerState = 'closed' | 'open' | 'half-open'

export class CircuitBreaker {
  private failures = 0
  private openedAt = 0
  private opened = false
  private readonly now: () => number
  private readonly random: () => number

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? (() => performance.now())
    this.random = options.random ?? Math.random
  }

  get state(): BreakerState {
    if (!this.opened) return 'closed'
    return this.now() - this.openedAt >= this.options.coolDownMs ? 'half-open' : 'open'
  }

  /** Failures in a row since the last success. */
  get consecutiveFailures(): number {
    return this.failures
  }

  success(): void {
    this.failures = 0
    this.opened = false
  }

  failure(): void {
    this.failures++
    // A failed probe, or one failure too many: open (again) for a whole cool-down.
    if (this.opened || this.failures >= this.options.failureThreshold) {
      this.opened = true
      this.openedAt = this.now()
    }
  }

  /** How long to wait before the next try: 0 after a success, else backoff or the cool-down's rest. */
  delayMs(): number {
    if (this.opened) {
      return Math.max(0, this.options.coolDownMs - (this.now() - this.openedAt))
    }
    if (this.failures === 0) return 0
    return backoffMs(this.failures, this.options, this.random)
  }
}

/**
 * Full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"): a uniform wait in
 * [0, min(max, base·2^(n−1))], so many clients that failed together do not retry together.
 */
export function backoffMs(
  failures: number,
  { baseBackoffMs, maxBackoffMs }: Pick<BreakerOptions, 'baseBackoffMs' | 'maxBackoffMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxBackoffMs, baseBackoffMs * 2 ** Math.min(30, failures - 1))
  return Math.floor(random() * ceiling)
}
