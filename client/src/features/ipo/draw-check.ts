import type { IpoDraw } from '@kabu/shared/api/ipo'
import {
  DRAW_ALGORITHM,
  drawAllocations,
  drawCommitment,
  isDrawSeed,
} from '@kabu/shared/market/ipo-draw'

/** What the phone found when it recomputed a draw itself. */
export interface DrawCheck {
  /** The revealed seed hashes to the commitment published before the draw. */
  committed: boolean
  /** The allocations recomputed from the seed and the entries are the ones stored. */
  matches: boolean
  /** The algorithm is the one this app knows. */
  knownAlgorithm: boolean
  /** Lots the user's entry was given by the recomputation (0 when none). */
  mine: number
  entries: number
  allocated: number
}

const byRef = (a: { ref: string }, b: { ref: string }) =>
  a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0
const sameList = (a: IpoDraw['allocations'], b: IpoDraw['allocations']) =>
  JSON.stringify([...a].sort(byRef)) === JSON.stringify([...b].sort(byRef))

/**
 * Recomputes a drawn offer's allocations on the phone from its public record; null before the
 * draw (no seed yet).
 *
 * @example checkDraw(record, row.ref)?.matches // true when the broker's allocations are the seed's
 */
export function checkDraw(draw: IpoDraw, ref: string | null): DrawCheck | null {
  if (draw.seed === null || !isDrawSeed(draw.seed)) return null
  const recomputed = drawAllocations(draw.seed, draw.entries, draw.lots_offered)
  return {
    committed: draw.commitment === drawCommitment(draw.seed),
    matches: sameList(recomputed, draw.allocations),
    knownAlgorithm: draw.algorithm === DRAW_ALGORITHM,
    mine: recomputed.find((a) => a.ref === ref)?.lots ?? 0,
    entries: draw.entries.length,
    allocated: recomputed.reduce((sum, a) => sum + a.lots, 0),
  }
}
