import Decimal from 'decimal.js'
import { CURRENCIES, type Currency } from '@kabu/shared/money/currencies'
import type { Clock } from '../clock'
import { randomStream } from './rng'

/**
 * A simulated FX rate source: every pair of the nine wallet currencies, deterministic for a seed and
 * an instant. Each currency's price in US dollars starts from a recent real level and drifts by at
 * most ±DRIFT_LIMIT along slow seeded waves; cross rates follow from the dollar prices, so
 * A→B→C→A round trips are consistent. Rates hold still within a minute, so the rate a user reads
 * on the screen is the rate their exchange gets unless the minute turns meanwhile.
 */

/** Units of the currency per US dollar, near real levels of 2025–2026. */
const PER_USD: Record<Currency, string> = {
  USD: '1',
  JPY: '152',
  CNY: '7.15',
  HKD: '7.78',
  TWD: '31.5',
  THB: '33.2',
  VND: '26100',
  MYR: '4.22',
  KRW: '1395',
}

// ±1.5 % around the reference: visible movement, never a level no one has seen.
const DRIFT_LIMIT = 0.015
const MINUTE_MS = 60_000
// Periods of the two waves each currency follows (a few hours and a few days).
const WAVE_MINUTES = [240, 4_320] as const
const SIGNIFICANT_DIGITS = 8

const Exact = Decimal.clone({ precision: 40 })

export interface FxQuote {
  from: Currency
  to: Currency
  /** Units of `to` per unit of `from`, mid market, as a decimal string. */
  rate: string
  /** The fraction off the mid rate the user gets (a setting), as a decimal string. */
  spread: string
}

export interface FxSource {
  quote(from: Currency, to: Currency): FxQuote
  /** Every ordered pair of distinct currencies (72). */
  all(): FxQuote[]
  /** The reference mid rate without drift: settings in yen become fixed limits in other wallets. */
  referenceRate(from: Currency, to: Currency): string
  /**
   * The mid rate `quote` gave (or gives) at instant `at` (epoch ms): the tax converts a foreign
   * sale and each purchase at its own instant's rate (the TTM analogue), and anyone with the seed
   * recomputes it.
   */
  rateAt(from: Currency, to: Currency, at: number): string
}

export function createFxSource(deps: { clock: Clock; seed: number; spread: string }): FxSource {
  const spread = new Exact(deps.spread)
  if (!spread.isFinite() || spread.isNegative() || spread.greaterThanOrEqualTo(1)) {
    throw new RangeError(`FX spread must be in [0, 1): ${deps.spread}`)
  }
  // Phases are drawn once per currency: the same seed gives the same rates at the same instant.
  const phases = new Map(
    CURRENCIES.map((c) => {
      const random = randomStream(deps.seed, 'fx', c)
      return [c, WAVE_MINUTES.map(() => random.uniform() * 2 * Math.PI)] as const
    }),
  )

  function drift(currency: Currency, minute: number): number {
    if (currency === 'USD') return 0
    const phase = phases.get(currency) ?? []
    const waves = WAVE_MINUTES.map(
      (period, i) => Math.sin((2 * Math.PI * minute) / period + (phase[i] ?? 0)) / 2,
    )
    return DRIFT_LIMIT * waves.reduce((sum, w) => sum + w, 0)
  }

  function perUsd(currency: Currency, minute: number): Decimal {
    // The float drift is rounded to a fixed decimal before it touches the rate: exact from here on.
    const factor = new Exact(1).plus(new Exact(drift(currency, minute).toFixed(8)))
    return new Exact(PER_USD[currency]).times(factor)
  }

  function cross(from: Currency, to: Currency, minute: number | null): string {
    const over = (c: Currency) => (minute === null ? new Exact(PER_USD[c]) : perUsd(c, minute))
    return over(to).dividedBy(over(from)).toSignificantDigits(SIGNIFICANT_DIGITS).toFixed()
  }

  const rateAt = (from: Currency, to: Currency, at: number) =>
    cross(from, to, Math.floor(at / MINUTE_MS))
  const quote = (from: Currency, to: Currency): FxQuote => ({
    from,
    to,
    rate: rateAt(from, to, deps.clock.now()),
    spread: spread.toFixed(),
  })

  return {
    quote,
    all: () =>
      CURRENCIES.flatMap((from) =>
        CURRENCIES.filter((to) => to !== from).map((to) => quote(from, to)),
      ),
    referenceRate: (from, to) => cross(from, to, null),
    rateAt,
  }
}
