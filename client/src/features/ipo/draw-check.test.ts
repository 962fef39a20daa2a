import type { IpoDraw } from '@kabu/shared/api/ipo'
import { DRAW_ALGORITHM, drawAllocations, drawCommitment } from '@kabu/shared/market/ipo-draw'
import { describe, expect, it } from 'vitest'
import { checkDraw } from './draw-check'

const seed = 'ab'.repeat(32)
const entries = [
  { ref: 'A', lots: 2 },
  { ref: 'B', lots: 1 },
  { ref: 'C', lots: 3 },
]
const record = (over: Partial<IpoDraw> = {}): IpoDraw => ({
  id: '1',
  code: 'T001',
  lots_offered: 4,
  commitment: drawCommitment(seed),
  seed,
  algorithm: DRAW_ALGORITHM,
  entries,
  allocations: drawAllocations(seed, entries, 4),
  ...over,
})

describe('checkDraw', () => {
  it('agrees with an honest record and finds the user’s lots', () => {
    const mine = drawAllocations(seed, entries, 4).find((a) => a.ref === 'C')?.lots ?? 0
    expect(checkDraw(record(), 'C')).toEqual({
      committed: true,
      matches: true,
      knownAlgorithm: true,
      mine,
      entries: 3,
      allocated: 4,
    })
  })

  it('catches a changed allocation, a seed that is not the committed one, and no seed yet', () => {
    expect(checkDraw(record({ allocations: [{ ref: 'A', lots: 2 }] }), 'A')?.matches).toBe(false)
    expect(checkDraw(record({ commitment: '00'.repeat(32) }), 'A')?.committed).toBe(false)
    expect(checkDraw(record({ seed: null }), 'A')).toBeNull()
  })
})
