/**
 * The main thread's long tasks in the first seconds of home (the demo user's stored session), timed
 * under Lighthouse's mobile CPU slowdown (4×) and compared between builds in the same run: the
 * builds take turns, so the load of this shared machine falls on each alike. Figures are ratios
 * against the first dir; the absolute ms swing with the machine (tests/load/start-work.ts counts
 * the work instead, tests/load/lighthouse.ts is the judge on a quiet machine).
 *
 *   npm run build && npx tsx tests/load/start-busy.ts [--rounds=N] <old dist dir> [client/dist …]
 *
 * "blocking" is Lighthouse's TBT sum (each long task's time over 50 ms), here from navigation until
 * 3 s after home's URL is reached, rather than from the first paint to interactive. Prints
 * figures; asserts nothing.
 */
import path from 'node:path'
import { launchPhone } from '../e2e/browser'
import { startGateway } from '../e2e/gateway'
import { logIn, storeSessionIn } from './lighthouse/runner'

// Home is reached after the start screen's steps; then its first answers and ticks come in.
const AFTER_HOME_MS = 3_000
const CPU_SLOWDOWN = 4
const roundsArg = process.argv.find((a) => a.startsWith('--rounds='))
const rounds = roundsArg ? Number(roundsArg.split('=')[1]) : 3
const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const builds = (dirs.length > 0 ? dirs : ['client/dist']).map((d) => path.resolve(d))

interface Run {
  blocking: number
  blockingOnHome: number
  longTasks: number
  longest: number
  /** From navigation to home's URL (the start screen's steps), wall clock. */
  toHome: number
}

function observeLongTasks() {
  const tasks: { start: number; duration: number }[] = []
  const seen = { home: Infinity }
  Object.assign(window, { __longTasks: tasks, __home: seen })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  // The hash router moves with history.replaceState, which fires no event: it is watched.
  const onMove = () => {
    if (location.hash.startsWith('#/home/home')) seen.home = Math.min(seen.home, performance.now())
  }
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history)
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args)
      onMove()
    }
  }
  addEventListener('hashchange', onMove)
}

async function measureOnce(dir: string): Promise<Run> {
  const gateway = await startGateway({ LOG_LEVEL: 'silent', CLIENT_DIR: dir })
  const { browser, context } = await launchPhone()
  try {
    const grant = await logIn(gateway.url, gateway.config)
    await storeSessionIn(context, gateway.url, grant)
    const page = await context.newPage()
    // tsx keeps function names by wrapping them in a `__name` helper the page does not have.
    await page.addInitScript('window.__name = (f) => f')
    await page.addInitScript(observeLongTasks)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const start = Date.now()
    await page.goto(`${gateway.url}/`)
    await page.waitForFunction(() => location.hash.startsWith('#/home/home'), null, {
      timeout: 30_000,
    })
    const toHome = Date.now() - start
    await page.waitForTimeout(AFTER_HOME_MS)
    const { tasks, home } = await page.evaluate(() => {
      const w = window as unknown as {
        __longTasks: { start: number; duration: number }[]
        __home: { home: number }
      }
      return { tasks: w.__longTasks, home: w.__home.home }
    })
    const over50 = (list: typeof tasks) =>
      list.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)
    return {
      blocking: over50(tasks),
      // The task that ends on home's URL (the start screen's last step and home's first render)
      // and all after it: home's own part.
      blockingOnHome: over50(tasks.filter((t) => t.start + t.duration >= home)),
      longTasks: tasks.length,
      longest: Math.max(0, ...tasks.map((t) => t.duration)),
      toHome,
    }
  } finally {
    await browser.close()
    await gateway.stop()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const runs = new Map<string, Run[]>(builds.map((b) => [b, []]))
for (let round = 0; round < rounds; round++) {
  for (const dir of builds) runs.get(dir)!.push(await measureOnce(dir))
}
const base = median(runs.get(builds[0]!)!.map((r) => r.blocking))
const baseOnHome = median(runs.get(builds[0]!)!.map((r) => r.blockingOnHome))
for (const [dir, list] of runs) {
  const blocking = median(list.map((r) => r.blocking))
  console.log(
    `${dir}: blocking ${Math.round(blocking)} ms (×${(blocking / base).toFixed(2)} of the first), ` +
      `of which from home's URL on ${Math.round(median(list.map((r) => r.blockingOnHome)))} ms ` +
      `(×${(median(list.map((r) => r.blockingOnHome)) / baseOnHome).toFixed(2)}), ` +
      `long tasks ${median(list.map((r) => r.longTasks))}, longest ${Math.round(median(list.map((r) => r.longest)))} ms ` +
      `to home ${Math.round(median(list.map((r) => r.toHome)))} ms ` +
      `(median of ${list.length}; each run's blocking: ${list.map((r) => Math.round(r.blocking)).join(', ')})`,
  )
}
