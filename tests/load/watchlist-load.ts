/**
 * How a phone keeps up with a 50-code watchlist ticking 20 times a second (issue 5; the journey
 * tests/e2e/watchlist-load.test.ts checks what it shows): frames per second, long tasks
 * (PerformanceObserver 'longtask'), and the main thread's busy share from Chrome's own counters
 * (CDP Performance.getMetrics) to tell the app's cost from a busy host, first with nothing ticking
 * (what the host alone allows), then over `--windows` windows of `--seconds` each while every code
 * ticks. Prints figures; asserts nothing.
 *
 *   npm run build && npx tsx tests/load/watchlist-load.ts [--seconds=20] [--windows=3]
 */
import type { Page } from 'playwright-core'
import { CODES, grew, openWatchlistPhone, TICKS_PER_SECOND } from '../e2e/watchlist-phone'

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const seconds = option('seconds', 20)
const windows = option('windows', 3)

const pct = (share: number) => `${(share * 100).toFixed(0)} %`

/** Long tasks, frames and the main thread's busy time over `ms` on the page. */
async function measure(page: Page, ms: number) {
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
  }, ms)
  const busyAfter = await metrics()
  await cdp.detach()
  const share = (name: string) =>
    ((busyAfter[name] ?? 0) - (busyBefore[name] ?? 0)) / figures.seconds
  const longest = Math.max(0, ...figures.longTasks)
  return (
    `${figures.fps.toFixed(1)} fps, main thread busy ${pct(share('TaskDuration'))} ` +
    `(script ${pct(share('ScriptDuration'))}, style ${pct(share('RecalcStyleDuration'))}, ` +
    `layout ${pct(share('LayoutDuration'))}), long tasks ${figures.longTasks.length} ` +
    `(over 50 ms ${figures.longTasks.filter((d) => d > 50).length}, max ${longest.toFixed(0)} ms)`
  )
}

const phone = await openWatchlistPhone()
// tsx keeps function names by wrapping them in a `__name` helper the page does not have.
await phone.page.evaluate('window.__name = (f) => f')
try {
  console.log(`watchlist idle: ${await measure(phone.page, 3_000)}`)
  const stop = phone.ticking(CODES)
  // Warm up: the first batches subscribe and paint every row once.
  await phone.page.waitForTimeout(2_000)
  for (let w = 1; w <= windows; w++) {
    const before = await phone.renders()
    const started = performance.now()
    const figures = await measure(phone.page, seconds * 1000)
    const elapsed = (performance.now() - started) / 1000
    const perRow = grew(before, await phone.renders(), 'quote')
    console.log(
      `watchlist load, window ${w}: ${CODES.length} codes × ${TICKS_PER_SECOND}/s for ${seconds} s → ` +
        `${figures}, row renders per s min ${(Math.min(...perRow) / elapsed).toFixed(1)} ` +
        `max ${(Math.max(...perRow) / elapsed).toFixed(1)}`,
    )
  }
  stop()
} finally {
  await phone.close()
}
