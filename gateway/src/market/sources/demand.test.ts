import { describe, expect, it } from 'vitest'
import { FeedOrder } from './feed-order'
import { QuoteDemand } from './demand'

describe('QuoteDemand', () => {
  it('ranks watched codes first (the most watched first), then orders, then holdings', async () => {
    const demand = new QuoteDemand({
      graceMs: 1_000,
      brokerEveryMs: 60_000,
      brokerCodes: async () => ({ orders: ['9984'], alerts: ['6758'], holdings: ['8306', '7203'] }),
      onError: (error) => {
        throw error
      },
    })
    demand.watch(['7203', '6501'])
    demand.watch(['6501'])
    demand.start()
    await new Promise((resolve) => setTimeout(resolve, 10))
    demand.stop()
    expect(demand.plan(() => true, 4)).toEqual({
      stream: ['6501', '7203', '6758', '9984'],
      overflow: ['8306'],
    })
    expect(demand.plan((code) => code !== '6501', 2).stream).toEqual(['7203', '6758'])
  })

  it('keeps a code let go for its grace, after everything wanted, then forgets it', () => {
    let now = 0
    const demand = new QuoteDemand({
      graceMs: 1_000,
      brokerEveryMs: 60_000,
      onError: () => {},
      now: () => now,
    })
    let changes = 0
    demand.onChange(() => changes++)
    demand.watch(['7203'])
    demand.unwatch(['7203'])
    demand.watch(['6758'])
    expect(demand.ranked()).toEqual([
      ['6758', 0],
      ['7203', 3],
    ])
    expect(demand.nextExpiry()).toBe(1_000)
    now = 1_000
    expect(demand.ranked()).toEqual([['6758', 0]])
    expect(changes).toBe(3)
  })

  it('counts what phones on other gateways watch with its own, and lets it go after the grace', () => {
    let now = 0
    const demand = new QuoteDemand({
      graceMs: 1_000,
      brokerEveryMs: 60_000,
      onError: () => {},
      now: () => now,
    })
    let changes = 0
    demand.onChange(() => changes++)
    demand.watch(['7203', '6758'])
    demand.watch(['7203'])
    // Three phones elsewhere watch 6758, one 9984 (a code no phone here watches).
    demand.watchedElsewhere(
      new Map([
        ['6758', 3],
        ['9984', 1],
      ]),
    )
    expect(demand.plan(() => true, 2)).toEqual({ stream: ['6758', '7203'], overflow: ['9984'] })
    expect(demand.watched()).toEqual(
      new Map([
        ['7203', 2],
        ['6758', 1],
      ]),
    )
    // The same counts again are no news.
    demand.watchedElsewhere(
      new Map([
        ['9984', 1],
        ['6758', 3],
      ]),
    )
    expect(changes).toBe(3)
    demand.watchedElsewhere(new Map([['6758', 3]]))
    expect(changes).toBe(4)
    expect(demand.ranked()).toEqual([
      ['6758', 0],
      ['7203', 0],
      ['9984', 3],
    ])
    now = 1_000
    expect(demand.ranked().map(([code]) => code)).toEqual(['6758', '7203'])
  })
})

describe('FeedOrder', () => {
  const update = (order: number[], key: string) => ({ code: '7203', channel: 'board', order, key })

  it('drops repeats and late updates, and tells a new print from a change of levels alone', () => {
    const feed = new FeedOrder()
    expect(feed.accept(update([10, 100], 'a'))).toBe('later')
    expect(feed.accept(update([10, 100], 'a'))).toBe(null)
    expect(feed.accept(update([10, 100], 'b'))).toBe('same')
    expect(feed.accept(update([9, 900], 'c'))).toBe(null)
    expect(feed.accept(update([10, 90], 'd'))).toBe(null)
    expect(feed.accept(update([11, 200], 'e'))).toBe('later')
    expect(feed.dropped).toBe(3)
  })
})
