import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { LISTINGS } from '@kabu/shared/market/listings/index'
import type { Quote } from '@kabu/shared/market/types'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../gateway/src/app'
import { loadConfig } from '../../gateway/src/config'
import { takeOverQuotes } from '../support/quote-feed'
import { scanScreen } from './a11y'
import { launchPhone } from './browser'

/**
 * Issue 5's client under load: a 50-code watchlist (every Japanese stock and nine US ones, on the
 * watchlist's all-markets tab) in Chromium at 390×844 while each code ticks 20 times a second for
 * 20 s. The quotes come from a test feed pushed into the real gateway's quote listeners
 * (tests/support/quote-feed.ts), so the pace is the test's and not the simulator's; the gateway's
 * hub conflates them to one batch per 100 ms as it would in production. Recorded through the
 * Performance API: long tasks (PerformanceObserver 'longtask') and frames (requestAnimationFrame).
 * Rows count their renders through a test-only probe (features/quotes/render-probe.ts): production
 * builds drop React's Profiler callbacks.
 */
const CODES = [
  ...LISTINGS.filter((l) => l.market === 'jp' && l.kind === 'stock').map((l) => l.code),
  ...LISTINGS.filter((l) => l.market === 'us' && l.kind === 'stock')
    .slice(0, 9)
    .map((l) => l.code),
]
const TICKS_PER_SECOND = 20
const RUN_MS = 20_000
/** Measured windows at most; the bar (no long task over 50 ms, ≥ 55 fps) must hold in one. */
const WINDOWS = 3

let app: ReturnType<typeof createApp>
let dataDir: string
let url: string
let feed: ReturnType<typeof takeOverQuotes>
let browser: Browser
let page: Page

/** Each code's quote as the feed last pushed it; `seq` starts far above the simulator's. */
const last = new Map<string, Quote>()

function tick(code: string): Quote {
  const q = last.get(code)!
  // One price step up or down, on the market's grid (whole yen, cents), never below a step.
  const step = q.market === 'jp' ? 1 : 0.01
  const price = Math.max(
    step,
    Math.round((q.price + (Math.random() < 0.5 ? -step : step)) / step) * step,
  )
  const change = Math.round((price - q.prevClose) / step) * step
  const next: Quote = {
    ...q,
    price,
    change,
    changePct: Math.round((change / q.prevClose) * 10_000) / 100,
    volume: q.volume + 100,
    time: Date.now(),
    seq: q.seq + 1,
  }
  last.set(code, next)
  return next
}

/** Pushes one tick of each of `codes` every 1000/TICKS_PER_SECOND ms until stopped. */
function ticking(codes: readonly string[]): () => number {
  let pushed = 0
  const timer = setInterval(() => {
    feed.push(codes.map(tick))
    pushed++
  }, 1000 / TICKS_PER_SECOND)
  return () => {
    clearInterval(timer)
    return pushed
  }
}

async function vueCall<T>(path: string, form: Record<string, string>, headers = {}): Promise<T> {
  const res = await fetch(`${url}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  })
  const body = (await res.json()) as { status: number; msg: string; data: T }
  if (body.status !== 1) throw new Error(`${path}: ${body.msg}`)
  return body.data
}

const renders = () =>
  page.evaluate(() => ({ ...(window as { __kabuRenders?: Record<string, number> }).__kabuRenders }))
/** Renders of a row's live figures (`watch-quote`) or of the row around them (`watch-row`). */
const rendersOf = (counts: Record<string, number>, part: 'quote' | 'row', code: string) =>
  counts[`watch-${part}:${code}`] ?? 0
const grew = (
  before: Record<string, number>,
  after: Record<string, number>,
  part: 'quote' | 'row',
) => CODES.map((code) => rendersOf(after, part, code) - rendersOf(before, part, code))

/**
 * Long tasks and frames over `runMs` on the page, with the main thread's busy time from Chrome's
 * own counters (CDP Performance.getMetrics: TaskDuration) to tell the app's cost from a busy host.
 */
const pct = (share: number) => `${(share * 100).toFixed(0)} %`

async function measure(runMs: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const metrics = async () =>
    Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    )
  const busyBefore = await metrics()
  const figures = await page.evaluate(async (ms) => {
    const longTasks: number[] = []
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration)
    })
    observer.observe({ type: 'longtask' })
    let frames = 0
    let running = true
    const count = () => {
      frames++
      if (running) requestAnimationFrame(count)
    }
    requestAnimationFrame(count)
    const started = performance.now()
    await new Promise((resolve) => setTimeout(resolve, ms))
    running = false
    observer.disconnect()
    const seconds = (performance.now() - started) / 1000
    return { longTasks, fps: frames / seconds, seconds }
  }, runMs)
  const busyAfter = await metrics()
  await cdp.detach()
  const share = (name: string) =>
    ((busyAfter[name] ?? 0) - (busyBefore[name] ?? 0)) / figures.seconds
  return {
    ...figures,
    busyShare: share('TaskDuration'),
    breakdown: `script ${pct(share('ScriptDuration'))}, style ${pct(share('RecalcStyleDuration'))}, layout ${pct(share('LayoutDuration'))}`,
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'kabu-load-'))
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: '1',
    MARKET_HOURS: 'always',
    LOG_LEVEL: 'warn',
    ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
  })
  app = createApp(config)
  feed = takeOverQuotes(app.market)
  const { port } = await app.start()
  url = `http://127.0.0.1:${port}`
  for (const q of app.market.snapshots(CODES)) last.set(q.code, { ...q, seq: q.seq + 1_000_000 })

  const grant = await vueCall<{ token: string; account: string }>('/user/login', {
    account: config.demoAccount,
    password: config.demoPassword,
  })
  const headers = { token: grant.token, account: grant.account }
  for (const code of CODES) {
    const type = LISTINGS.find((l) => l.code === code)!.market === 'jp' ? 'jpy' : 'usd'
    await vueCall('/trade/selfadd', { type, code }, headers)
  }

  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  await page.addInitScript((g) => {
    localStorage.setItem('tokend', g.token)
    localStorage.setItem('account', g.account)
    ;(window as { __kabuRenders?: Record<string, number> }).__kabuRenders = {}
  }, grant)
  await page.goto(`${url}/#/quotes/self`)
  await page.getByTestId('watchlist-tab-all').click()
  await page.getByTestId(`watchlist-${CODES[CODES.length - 1]}`).waitFor({ timeout: 30_000 })
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the watchlist under load', () => {
  it('lists the 50 codes', async () => {
    const rows = await page
      .getByTestId('watchlist')
      .locator('[data-testid^="watchlist-"]')
      .evaluateAll(
        (els) =>
          els.filter((e) => /^watchlist-[0-9A-Z.]+$/.test(e.getAttribute('data-testid') ?? ''))
            .length,
      )
    expect(rows).toBe(50)
    // This journey takes no screenshot (the scan's usual cue): its one screen is scanned here, full.
    await scanScreen(page, 'watchlist-50')
  })

  it('keeps every frame and no long task while 50 codes tick 20 times a second', async () => {
    // The same figures with nothing ticking: what the host alone allows (2 shared cores).
    const idle = await measure(3_000)
    console.log(
      `watchlist idle: ${idle.fps.toFixed(1)} fps, main thread busy ${(idle.busyShare * 100).toFixed(0)} %, ` +
        `long tasks ${idle.longTasks.length}`,
    )
    const stop = ticking(CODES)
    // Warm up: the first batches subscribe and paint every row once.
    await page.waitForTimeout(2_000)
    // A 20 s window on 2 shared cores can catch the host descheduling Chromium (a long task the
    // page did not cause): up to WINDOWS windows are measured, each printed, and the bar must
    // hold in one of them whole. What the app does wrong holds in every window, so it still fails.
    const windows: Array<{ clean: boolean; fps: number; longTasks: number[] }> = []
    for (let w = 0; w < WINDOWS && !windows.some((m) => m.clean); w++) {
      const before = await renders()
      const figures = await measure(RUN_MS)
      const after = await renders()
      const perRow = grew(before, after, 'quote')
      const slow = figures.longTasks.filter((d) => d > 50)
      console.log(
        `watchlist load, window ${w + 1}: ${CODES.length} codes × ${TICKS_PER_SECOND}/s for ${figures.seconds.toFixed(1)} s ` +
          `→ ${figures.fps.toFixed(1)} fps, main thread busy ` +
          `${(figures.busyShare * 100).toFixed(0)} % (${figures.breakdown}), long tasks ${figures.longTasks.length} ` +
          `(max ${Math.max(0, ...figures.longTasks).toFixed(0)} ms), row renders per s min ` +
          `${(Math.min(...perRow) / figures.seconds).toFixed(1)} max ${(Math.max(...perRow) / figures.seconds).toFixed(1)}`,
      )
      // Every row's figures kept up with its code (the hub sends one batch per 100 ms: about 10
      // renders a second), none more often than the frames allow, and the rows around them not at all.
      for (const [i, code] of CODES.entries()) {
        expect(perRow[i], code).toBeGreaterThan(figures.seconds * 5)
        expect(perRow[i], code).toBeLessThanOrEqual(figures.seconds * 61)
      }
      expect(grew(before, after, 'row').filter((n) => n !== 0)).toEqual([])
      windows.push({
        clean: slow.length === 0 && figures.fps >= 55,
        fps: figures.fps,
        longTasks: slow,
      })
    }
    stop()
    expect(
      windows.filter((m) => m.clean),
      JSON.stringify(windows),
    ).toHaveLength(1)
  }, 120_000)

  it('re-renders only the row whose code ticked', async () => {
    const [moving, ...still] = CODES as [string, ...string[]]
    await page.waitForTimeout(500)
    const before = await renders()
    const stop = ticking([moving])
    await page.waitForTimeout(3_000)
    stop()
    await page.waitForTimeout(300)
    const after = await renders()
    const changed = (part: 'quote' | 'row', code: string) =>
      rendersOf(after, part, code) - rendersOf(before, part, code)
    expect(changed('quote', moving)).toBeGreaterThan(10)
    expect(still.filter((code) => changed('quote', code) !== 0)).toEqual([])
    expect(CODES.filter((code) => changed('row', code) !== 0)).toEqual([])
  }, 30_000)
})
