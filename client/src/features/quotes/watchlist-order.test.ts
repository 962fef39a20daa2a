import { describe, expect, it } from 'vitest'
import { moved } from './watchlist-order'

describe('moved', () => {
  it('moves an item up or down by one', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
  })

  it('leaves the list as it is for a move past either end', () => {
    const list = ['a', 'b']
    expect(moved(list, 0, -1)).toBe(list)
    expect(moved(list, 1, 1)).toBe(list)
    expect(moved(list, 5, -1)).toBe(list)
  })
})
