import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scanScreen } from './a11y'
import {
  CODES,
  grew,
  openWatchlistPhone,
  rendersOf,
  type Renders,
  type WatchlistPhone,
} from './watchlist-phone'

/**
 * Issue 5's client under load (tests/e2e/watchlist-phone.ts): what a 50-code watchlist does while
 * every code ticks 20 times a second, by counts and what the rows show, never by the clock. How
 * fast it does it (frames, long tasks, main-thread time) is a benchmark's printed figure:
 * tests/load/watchlist-load.ts.
 */
let phone: WatchlistPhone

beforeAll(async () => {
  phone = await openWatchlistPhone()
})

afterAll(async () => {
  await phone?.close()
})

type Counted = { __kabuRenders?: Renders; __kabuFrames?: number }

/** Starts counting the page's frames, and gives the render counts at that same moment. */
const startCountingFrames = () =>
  phone.page.evaluate(() => {
    const w = window as Counted
    w.__kabuFrames = 0
    const count = () => {
      w.__kabuFrames! += 1
      requestAnimationFrame(count)
    }
    requestAnimationFrame(count)
    return { ...w.__kabuRenders }
  })

/** The render counts and the frames counted so far, read at one moment. */
const rendersAndFrames = () =>
  phone.page.evaluate(() => {
    const w = window as Counted
    return { renders: { ...w.__kabuRenders }, frames: w.__kabuFrames ?? 0 }
  })

/** Waits until every one of `codes` shows the price the feed last pushed for it. */
async function showsLastPrices(codes: readonly string[]) {
  await expect
    .poll(async () => {
      const shown = await phone.shownPrices()
      return codes.filter((code) => Math.abs(shown[code]! - phone.lastPrice(code)) > 1e-6)
    })
    .toEqual([])
}

describe('the watchlist under load', () => {
  it('lists the 50 codes', async () => {
    const rows = await phone.page
      .getByTestId('watchlist')
      .locator('[data-testid^="watchlist-"]')
      .evaluateAll(
        (els) =>
          els.filter((e) => /^watchlist-[0-9A-Z.]+$/.test(e.getAttribute('data-testid') ?? ''))
            .length,
      )
    expect(rows).toBe(50)
    // This journey takes no screenshot (the scan's usual cue): its one screen is scanned here, full.
    await scanScreen(phone.page, 'watchlist-50')
  })

  it('keeps every row live, at most once a frame, while 50 codes tick 20 times a second', async () => {
    const stop = phone.ticking(CODES)
    try {
      // Warm-up: the feed's first batches reach every row.
      const start = await phone.renders()
      await expect
        .poll(async () => Math.min(...grew(start, await phone.renders(), 'quote')))
        .toBeGreaterThanOrEqual(3)
      const before = await startCountingFrames()
      // Every row's figures keep following its code: each renders again and again while it ticks.
      await expect
        .poll(async () => Math.min(...grew(before, await phone.renders(), 'quote')), {
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(20)
      stop()
      await showsLastPrices(CODES)
      const { renders: after, frames } = await rendersAndFrames()
      // The feed's quotes reach a row at most once a frame (realtime/frame-batcher.ts), however
      // many arrive, and the rows around the figures do not render at all.
      const perRow = grew(before, after, 'quote')
      expect(CODES.filter((_, i) => perRow[i]! > frames)).toEqual([])
      expect(grew(before, after, 'row').filter((n) => n !== 0)).toEqual([])
    } finally {
      stop()
    }
  }, 120_000)

  it('re-renders only the row whose code ticked', async () => {
    const [moving, ...still] = CODES as [string, ...string[]]
    const before = await phone.renders()
    const changed = (after: Renders, part: 'quote' | 'row', code: string) =>
      rendersOf(after, part, code) - rendersOf(before, part, code)
    const stop = phone.ticking([moving])
    try {
      await expect
        .poll(async () => changed(await phone.renders(), 'quote', moving))
        .toBeGreaterThan(10)
    } finally {
      stop()
    }
    await showsLastPrices([moving])
    const after = await phone.renders()
    expect(still.filter((code) => changed(after, 'quote', code) !== 0)).toEqual([])
    expect(CODES.filter((code) => changed(after, 'row', code) !== 0)).toEqual([])
  }, 30_000)
})
