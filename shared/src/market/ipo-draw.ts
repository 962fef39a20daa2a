import { hmac } from '@noble/hashes/hmac'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils'

/**
 * The verifiable IPO draw (issue 13). When subscription opens the offer publishes `commitment`,
 * the SHA-256 of a secret random seed; at the lottery time the seed is revealed, and the
 * allocations follow from the seed and the entries alone, so anyone can recompute them:
 *
 * 1. Entries are put in a canonical order: by `ref`, comparing UTF-16 code units.
 * 2. A stream of 32-bit numbers is HMAC-SHA-256(key = seed bytes, message = DRAW_DOMAIN ‖ counter
 *    as 4 bytes big-endian), counter 0, 1, 2, …, each 32-byte block read as eight big-endian uint32.
 * 3. The entries are shuffled by Fisher–Yates (i from n−1 down to 1, j uniform in [0, i]), each j
 *    by rejection sampling: a number ≥ the largest multiple of i+1 below 2^32 is skipped.
 * 4. Lots are handed out in passes over the shuffled order, one lot per entry per pass to entries
 *    that asked for more than they hold, until the lots offered run out or every request is full:
 *    every account has the same chance (完全平等抽選, not weighted by lots asked), and nobody gets a
 *    second lot before every entry in the order has its first.
 *
 * Pure: `@noble/hashes` is a small audited pure-JS hash library, so the same code runs in the
 * gateway, the phone's "verify" view and the script, synchronously and without Node.
 */

/** The published name of the algorithm above; a change to it needs a new name. */
export const DRAW_ALGORITHM =
  'kabu-ipo-draw-v1: entries sorted by ref; Fisher-Yates shuffle with uint32 (rejection sampled) from HMAC-SHA-256(seed, "kabu-ipo-draw/v1" || u32be counter); one lot per entry per pass in shuffled order until lots run out'

const DRAW_DOMAIN = utf8ToBytes('kabu-ipo-draw/v1')
const SEED_RULE = /^[0-9a-f]{64}$/

/** One application: its public reference and the lots it asked for. */
export interface DrawEntry {
  ref: string
  lots: number
}

/** What one entry was given (entries given nothing are left out). */
export interface DrawAllocation {
  ref: string
  lots: number
}

/**
 * True when `seed` is what the draw takes: 32 bytes as 64 lower-case hex digits.
 *
 * @example isDrawSeed('00'.repeat(32)) // true
 */
export const isDrawSeed = (seed: string): boolean => SEED_RULE.test(seed)

/**
 * The commitment published before the draw: hex SHA-256 of the seed's 32 bytes.
 *
 * @example drawCommitment('00'.repeat(32)) // '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925'
 */
export function drawCommitment(seed: string): string {
  if (!isDrawSeed(seed)) throw new Error('a draw seed is 64 lower-case hex digits')
  return bytesToHex(sha256(hexToBytes(seed)))
}

/** The uint32 stream of step 2. */
function numberStream(seed: string): () => number {
  // The key's padded inner and outer states are computed once; each block clones them (the same
  // HMAC, without hashing the key again for every 32 bytes).
  const keyed = hmac.create(sha256, hexToBytes(seed))
  const message = new Uint8Array(DRAW_DOMAIN.length + 4)
  message.set(DRAW_DOMAIN)
  const counterAt = DRAW_DOMAIN.length
  const counterView = new DataView(message.buffer)
  let counter = 0
  let block: DataView = new DataView(new ArrayBuffer(0))
  let offset = 0
  return () => {
    if (offset >= block.byteLength) {
      counterView.setUint32(counterAt, counter++)
      const bytes = keyed.clone().update(message).digest()
      block = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      offset = 0
    }
    const value = block.getUint32(offset)
    offset += 4
    return value
  }
}

const TWO_32 = 2 ** 32

/** A uniform integer in [0, bound), by rejection sampling (step 3). */
function uniform(next: () => number, bound: number): number {
  const limit = TWO_32 - (TWO_32 % bound)
  for (;;) {
    const value = next()
    if (value < limit) return value % bound
  }
}

/**
 * The seeded order of step 3: the entries' refs, canonical order shuffled by the seed.
 *
 * @example shuffledRefs('00'.repeat(32), ['b', 'a']) // the same two refs, in the seed's order
 */
export function shuffledRefs(seed: string, refs: readonly string[]): string[] {
  if (!isDrawSeed(seed)) throw new Error('a draw seed is 64 lower-case hex digits')
  // Array.prototype.sort without a comparator orders strings by UTF-16 code units (step 1).
  const order = [...refs].sort()
  const next = numberStream(seed)
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniform(next, i + 1)
    const swap = order[i] as string
    order[i] = order[j] as string
    order[j] = swap
  }
  return order
}

/**
 * The allocations of a draw (steps 1 to 4), in the seeded order. Entries must have distinct refs
 * and whole positive lots; `lotsOffered` is a whole number ≥ 0. Never hands out more than
 * `lotsOffered` in total, nor more than an entry asked for.
 *
 * @example
 * drawAllocations('00'.repeat(32), [{ ref: 'A1', lots: 3 }, { ref: 'B2', lots: 1 }], 3)
 * // [{ ref: …, lots: 2 }, { ref: …, lots: 1 }]: both get a lot, then the first in order a second
 */
export function drawAllocations(
  seed: string,
  entries: readonly DrawEntry[],
  lotsOffered: number,
): DrawAllocation[] {
  const asked = new Map<string, number>()
  for (const e of entries) {
    if (asked.has(e.ref)) throw new Error(`duplicate ref ${e.ref}`)
    if (!Number.isSafeInteger(e.lots) || e.lots < 1) throw new Error(`bad lots for ${e.ref}`)
    asked.set(e.ref, e.lots)
  }
  if (!Number.isSafeInteger(lotsOffered) || lotsOffered < 0) throw new Error('bad lots offered')
  const order = shuffledRefs(seed, [...asked.keys()])
  const given = new Map<string, number>()
  let left = lotsOffered
  let open = order
  while (left > 0 && open.length > 0) {
    const stillOpen: string[] = []
    for (const ref of open) {
      if (left === 0) break
      const lots = (given.get(ref) ?? 0) + 1
      given.set(ref, lots)
      left--
      if (lots < (asked.get(ref) as number)) stillOpen.push(ref)
    }
    open = stillOpen
  }
  return order.filter((ref) => given.has(ref)).map((ref) => ({ ref, lots: given.get(ref) ?? 0 }))
}
