import { describe, expect, it } from 'vitest'
import { FeedOrder } from './feed-order'
import type { FeedUpdate } from './stream-feed'

const board = (time: number, key: string, code = '7203'): FeedUpdate => ({
  code,
  channel: 'board',
  order: [time, 100],
  key,
})

describe('a feed’s repeats and late messages', () => {
  it('takes a later order as a print and a new key at the same order as levels alone', () => {
    const order = new FeedOrder()
    expect(order.accept(board(1, 'a'))).toBe('later')
    expect(order.accept(board(2, 'b'))).toBe('later')
    expect(order.accept(board(2, 'c'))).toBe('same')
  })

  it('drops a repeat of any of the last keys at the last order, and anything late', () => {
    const order = new FeedOrder()
    order.accept(board(1, 'a'))
    for (const key of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) order.accept(board(2, key))
    expect(order.accept(board(2, 'j'))).toBe(null)
    expect(order.accept(board(2, 'c'))).toBe(null)
    expect(order.accept(board(3, 'j'))).toBe(null) // a trade sent again with a later time
    expect(order.accept(board(2, 'b'))).toBe('same') // nine keys ago: no longer remembered
    expect(order.accept(board(1, 'a'))).toBe(null)
    expect(order.accept(board(1, 'z'))).toBe(null)
    expect(order.dropped).toBe(5)
  })

  it('judges each code and channel on its own, and starts afresh for a code forgotten', () => {
    const order = new FeedOrder()
    order.accept(board(5, 'a'))
    expect(order.accept(board(1, 'a', '6758'))).toBe('later')
    expect(order.accept({ ...board(1, 'a'), channel: 'trades' })).toBe('later')
    expect(order.accept({ ...board(0, 'x'), channel: 'trades' })).toBe(null)
    order.forget('7203')
    expect(order.accept(board(1, 'a'))).toBe('later')
    expect(order.accept({ ...board(0, 'x'), channel: 'trades' })).toBe('later')
    expect(order.accept(board(3, 'b', '6758'))).toBe('later')
  })
})
