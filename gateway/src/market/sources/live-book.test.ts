import { listingByCode } from '@kabu/shared/market/listings/index'
import type { Bar } from '@kabu/shared/market/types'
import { describe, expect, it } from 'vitest'
import { LiveBook } from './live-book'

const toyota = listingByCode('7203')!
// 2026-03-02 09:00 in Tokyo, and the next day's.
const MONDAY = Date.UTC(2026, 2, 2, 0, 0)
const TUESDAY = Date.UTC(2026, 2, 3, 0, 0)

/** A leader's poll: one print a call, the day's volume rising, 20 s apart. */
function prints(from: number, prices: number[], startVolume = 0) {
  return prices.map((price, i) => ({
    code: '7203',
    price,
    dayVolume: startVolume + (i + 1) * 100,
    time: from + i * 20_000,
  }))
}

describe('a follower’s book of a real source’s code (issue 16)', () => {
  it('builds from the leader’s relayed quotes the leader’s minute bars and its whole day', () => {
    const leader = new LiveBook(toyota)
    const follower = new LiveBook(toyota)
    const monday = prints(MONDAY, [2500, 2530, 2480, 2510, 2520, 2505, 2515])
    // The follower joins after the leader's first three prints (its day's open, high and low).
    monday.forEach((tick, i) => {
      leader.print(tick)
      if (i >= 3) follower.follow(leader.quote(true, 'poll'))
    })
    const leaderMinutes = leader.bars('1m')
    const followerMinutes = follower.bars('1m')
    // The minutes since it joined are the leader's (the first of them it saw part of).
    expect(followerMinutes.at(-1)).toEqual(leaderMinutes.at(-1))
    expect(followerMinutes.map((b) => b.time)).toEqual(
      leaderMinutes.slice(-followerMinutes.length).map((b) => b.time),
    )
    expect(followerMinutes.map((b) => b.close)).toEqual(
      leaderMinutes.slice(-followerMinutes.length).map((b) => b.close),
    )
    // The day is the leader's, open, high and low from before it joined included.
    expect(follower.bars('1d')).toEqual(leader.bars('1d'))
    expect(follower.bars('1d')[0]).toMatchObject({ open: 2500, high: 2530, low: 2480, close: 2515 })

    // The next day rolls over alike: Monday closes into the daily history on both.
    for (const tick of prints(TUESDAY, [2600, 2590])) {
      leader.print(tick)
      follower.follow(leader.quote(true, 'poll'))
    }
    expect(follower.bars('1d')).toEqual(leader.bars('1d'))
    expect(follower.bars('1d').map((b) => b.close)).toEqual([2515, 2590])
    expect(follower.quote(true, 'poll')).toMatchObject({ price: 2590, prevClose: 2515, seq: 6 })
    expect(leader.quote(true, 'poll')).toMatchObject({ price: 2590, prevClose: 2515, seq: 9 })
  })

  it('takes the day the leader kept, then follows on from it, no print counted twice', () => {
    const leader = new LiveBook(toyota)
    const late = new LiveBook(toyota)
    // The late book was on the Friday before (it closes that day into its daily history).
    late.print({ code: '7203', price: 2400, dayVolume: 500, time: MONDAY - 3 * 86_400_000 })
    const monday = prints(MONDAY, [2500, 2530, 2480, 2510, 2520, 2505, 2515, 2490])
    // What the leader keeps: the minute each print went into, by minute, and the last quote.
    const kept = new Map<number, Bar>()
    monday.forEach((tick, i) => {
      leader.print(tick)
      const minute = leader.lastMinute()!
      if (i < 5) kept.set(minute.time, minute)
      // It joins after the fifth print: the day as kept then, and the prints after it.
      if (i === 4) late.followDay([...kept.values()], leader.quote(true, 'poll'))
      if (i > 4) late.follow(leader.quote(true, 'poll'))
    })
    // Its second minute had prints before it joined and after: each counted once.
    expect(late.bars('1m').slice(-3)).toEqual(leader.bars('1m'))
    expect(late.bars('1m')).toHaveLength(4)
    expect(late.bars('1d')).toEqual([
      expect.objectContaining({ close: 2400, volume: 500 }),
      ...leader.bars('1d'),
    ])
    expect(late.quote(true, 'poll')).toMatchObject({ price: 2490, volume: 800, prevClose: 2400 })

    // A day older than the one it is on is left alone.
    late.followDay(leader.bars('1m'), { ...leader.quote(true, 'poll'), time: MONDAY - 86_400_000 })
    expect(late.bars('1m').slice(-3)).toEqual(leader.bars('1m'))
  })

  it('takes a previous close the leader’s quote knows, not the price it says in its place', () => {
    const follower = new LiveBook(toyota)
    const leader = new LiveBook(toyota)
    leader.print({ code: '7203', price: 2500, time: MONDAY })
    // Without a previous close the leader's quote says its price there: nothing to take.
    follower.follow(leader.quote(true, 'poll'))
    leader.print({ code: '7203', price: 2510, time: MONDAY + 1000 })
    follower.follow(leader.quote(true, 'poll'))
    expect(follower.quote(true, 'poll')).toMatchObject({ price: 2510, prevClose: 2510, change: 0 })
    leader.print({ code: '7203', price: 2520, prevClose: 2400, time: MONDAY + 2000 })
    follower.follow(leader.quote(true, 'poll'))
    expect(follower.quote(true, 'poll')).toMatchObject({
      price: 2520,
      prevClose: 2400,
      change: 120,
    })
  })
})
