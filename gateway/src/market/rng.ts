import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64'
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator'

/**
 * Seeded random streams. Every piece of the simulation draws from its own stream, named by the seed
 * and a key path (instrument, date, minute), so any piece can be regenerated on its own, in any
 * order, and adding a listing or a day never shifts the numbers of another.
 */
export interface Random {
  /** Uniform in [0, 1). */
  uniform(): number
  /** Standard normal. */
  normal(): number
  /** Poisson count with the given mean (small means: Knuth's product of uniforms). */
  poisson(mean: number): number
}

function murmurMix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h | 0
}

function fnv1a(text: string, basis: number): number {
  let h = basis
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h
}

// xoroshiro128plus(seed) puts the raw seed into the state, so nearby seeds start with correlated
// outputs; two independent hashes of the key, mixed into all 128 bits of state, avoid that.
function generatorFor(key: string): RandomGenerator {
  const a = fnv1a(key, 0x811c9dc5)
  const b = fnv1a(key, 0x050c5d1f)
  const state = [murmurMix(a), murmurMix(b), murmurMix(a ^ 0x9e3779b9), murmurMix(b ^ 0x7f4a7c15)]
  // An all-zero state would emit zeros forever.
  if (!state.some((word) => word !== 0)) state[0] = 1
  const generator = xoroshiro128plusFromState(state)
  // Let the first outputs mix the hashed words before they are used.
  for (let i = 0; i < 4; i++) generator.next()
  return generator
}

class Stream implements Random {
  private spare = Number.NaN

  constructor(private readonly generator: RandomGenerator) {}

  uniform(): number {
    return uniformFloat64(this.generator)
  }

  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const value = this.spare
      this.spare = Number.NaN
      return value
    }
    // Box–Muller; 1 − u keeps the logarithm's argument in (0, 1].
    const radius = Math.sqrt(-2 * Math.log(1 - this.uniform()))
    const angle = 2 * Math.PI * this.uniform()
    this.spare = radius * Math.sin(angle)
    return radius * Math.cos(angle)
  }

  poisson(mean: number): number {
    if (mean <= 0) return 0
    const limit = Math.exp(-mean)
    let count = 0
    let product = this.uniform()
    while (product > limit) {
      count++
      product *= this.uniform()
    }
    return count
  }
}

/** A stream for `seed` and a key path, e.g. `randomStream(1, 'day', '7203', '2026-03-02')`. */
export function randomStream(seed: number, ...path: Array<string | number>): Random {
  return new Stream(generatorFor(`${seed}|${path.join('|')}`))
}
