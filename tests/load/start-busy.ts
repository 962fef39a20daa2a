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
import { logIn } from './lighthouse/runner'

// Home is reached after the start screen's steps; then its first answers and ticks come in.
const AFTER_HOME_MS = 3_000
const CPU_SLOWDOWN = 4
const roundsArg = process.argv.find((a) => a.startsWith('--rounds='))
const rounds = roundsArg ? Number(roundsArg.split('=')[1]) : 3
const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const builds = (dirs.length > 0 ? dirs : ['client/dist']).map((d) => path.resolve(d))

interface Run {
  blocking: number
  longTasks: number
  longest: number
  /** From navigation to home's URL (the start screen's steps), wall clock. */
  toHome: number
}

function observeLongTasks() {
  const tasks: number[] = []
  Object.assign(window, { __longTasks: tasks })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
}

async function measureOnce(dir: string): Promise<Run> {
  const gateway = await startGateway({ LOG_LEVEL: 'silent', CLIENT_DIR: dir })
  const { browser, context } = await launchPhone()
  try {
    const grant = await logIn(gateway.url, gateway.config)
    const setup = await context.newPage()
    await setup.goto(`${gateway.url}/health`)
    await setup.evaluate(({ token, account }) => {
      localStorage.setItem('tokend', token)
      localStorage.setItem('account', account)
    }, grant)
    await setup.close()
    const page = await context.newPage()
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
    const tasks = await page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    )
    return {
      blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
      longTasks: tasks.length,
      longest: Math.max(0, ...tasks),
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
for (const [dir, list] of runs) {
  const blocking = median(list.map((r) => r.blocking))
  console.log(
    `${dir}: blocking ${Math.round(blocking)} ms (×${(blocking / base).toFixed(2)} of the first), ` +
      `long tasks ${median(list.map((r) => r.longTasks))}, longest ${Math.round(median(list.map((r) => r.longest)))} ms ` +
      `to home ${Math.round(median(list.map((r) => r.toHome)))} ms ` +
      `(median of ${list.length}; each run's blocking: ${list.map((r) => Math.round(r.blocking)).join(', ')})`,
  )
}
