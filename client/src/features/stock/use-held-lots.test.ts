import { describe, expect, it } from 'vitest'
import { isSellableLot } from './use-held-lots'

describe('isSellableLot', () => {
  it('offers shares held, not a short (bought back from its own screen) nor a sale under way', () => {
    expect(isSellableLot({ status: 0, side: 'long' })).toBe(true)
    expect(isSellableLot({ status: 0, side: 'short' })).toBe(false)
    expect(isSellableLot({ status: 1, side: 'long' })).toBe(false)
    expect(isSellableLot({ status: 2, side: 'long' })).toBe(false)
  })
})
