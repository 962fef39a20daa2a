/**
 * The start's blocking time, build against build: a cold open of `/` until the login form shows
 * and the page goes quiet, with Chromium's CPU slowed 4× (Lighthouse's mobile preset) and a trace
 * of the page's main thread. Prints, per build, the median over runs of the tasks over 50 ms (their
 * count, the longest, and the sum of their time past 50 ms: Total Blocking Time as a trace shows
 * it, without Lighthouse's simulation, whose figure on this shared machine swings by a third
 * between runs of one build), that sum once the page showed, the time until it showed, the main
 * thread's whole busy time until then (every task, long or not: a steadier figure) and, for the
 * last run, where the long tasks' time went (trace event names, with the script they ran) and the
 * script time of the whole start by package (a CPU profile, mapped through the build's source maps
 * when it has them). Builds alternate, so a burst of load falls on each.
 *
 *   npm run build && npx tsx tests/load/start-blocking.ts [--runs=5] [--home] <client dist dirs…>
 *   (cd client && npx vite build --sourcemap --outDir /tmp/mapped) &&
 *     npx tsx tests/load/start-blocking.ts --runs=1 /tmp/mapped     (script time by package)
 *
 * `--home`: logged in (the demo user, stored as a phone that logged in before), through the start
 * screen to home's first live row instead of the login form; the stretch after it is then live
 * quotes arriving. `BY_FILE=1`: script time by source function instead of package. `TOP=n`: rows
 * per list (12). `TASKS=1`: each long task of the last run: the three trace events that took most
 * of it, the app's functions (`src/…`, through the source maps) it ran under, and the
 * functions whose own code took most of it.
 * Prints figures; asserts nothing.
 */
import path from 'node:path'
import { chromium, type CDPSession } from 'playwright-core'
import { startGateway } from '../e2e/gateway'
import { logIn, storeSessionIn, warmMarket } from './lighthouse/runner'
import { median } from './median'
import {
  appTimeBetween,
  selfTimeBetween,
  selfTimeByPackage,
  type CpuProfile,
} from './start-blocking/by-package'

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5)
const home = process.argv.includes('--home')
const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'))
if (dirs.length === 0) throw new Error('name one or more client dist directories')
/** Quiet this long after the form showed: what the form's own effects start is counted too. */
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 3_000)
/**
 * CPU=1 LONG_MS=12.5: the page at full speed, with the tasks Lighthouse's simulation turns into
 * long ones (it multiplies what it observed by 4); by default, slowed 4× with the 50 ms rule.
 */
const CPU_SLOWDOWN = Number(process.env.CPU ?? 4)
const LONG_MS = Number(process.env.LONG_MS ?? 50)
/** The user-timing mark set when the form (or home's first row) showed. */
const SHOWN = 'kabu-shown'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string; data?: { url?: string } }
}

async function trace(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])))
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  )
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute,blink.user_timing',
    transferMode: 'ReportEvents',
  })
  await run()
  await cdp.send('Tracing.end')
  await complete
  return events
}

/** The page's main thread's long tasks, and the self time inside them by event and script. */
function longTasks(events: TraceEvent[], origin: string) {
  const ours = new Set(
    events.filter((e) => e.args?.data?.url?.startsWith(origin)).map((e) => e.pid),
  )
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && ours.has(e.pid),
  )
  const onMain = events
    .filter((e) => e.pid === main?.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const firstPaint =
    events.find((e) => e.name === 'firstContentfulPaint' && ours.has(e.pid))?.ts ?? 0
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && e.dur! > LONG_MS * 1000 && e.ts >= firstPaint,
  )
  const where = new Map<string, number>()
  const each: { at: number; ms: number; top: string; from: number; to: number }[] = []
  for (const task of tasks) {
    const own = new Map<string, number>()
    const inside = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!,
    )
    const stack: { e: TraceEvent; self: number; label: string }[] = []
    const done: { self: number; label: string }[] = []
    for (const e of inside) {
      while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= e.ts)
        done.push(stack.pop()!)
      const parent = stack.at(-1)
      if (parent) parent.self -= e.dur!
      const script = e.args?.data?.url
        ?.split('/')
        .pop()
        ?.replace(/-[\w-]{8}\.js$/, '.js')
      const inherited = parent?.label.split(' @')[1]
      const at = script ?? inherited
      stack.push({ e, self: e.dur!, label: at ? `${e.name} @${at}` : e.name })
    }
    done.push(...stack)
    for (const { self, label } of done) {
      where.set(label, (where.get(label) ?? 0) + self / 1000)
      own.set(label, (own.get(label) ?? 0) + self / 1000)
    }
    const top = [...own].sort((x, y) => y[1] - x[1]).slice(0, 3)
    each.push({
      at: (task.ts - firstPaint) / 1000,
      ms: task.dur! / 1000,
      top: top.map(([label, ms]) => `${label} ${ms.toFixed(0)}`).join(', '),
      from: task.ts,
      to: task.ts + task.dur!,
    })
  }
  const over = (ts: TraceEvent[]) => ts.reduce((sum, t) => sum + t.dur! / 1000 - LONG_MS, 0)
  const shownAt = events.find((e) => e.name === SHOWN && ours.has(e.pid))?.ts ?? Infinity
  // Every task's time until the page showed, long or not: steadier than the sum past a threshold,
  // which a task of 49 or 51 ms flips, so it tells a smaller change between two builds.
  const busyUntilShown =
    onMain
      .filter((e) => e.name === 'RunTask' && e.ts < shownAt)
      .reduce((sum, t) => sum + Math.min(t.dur!, shownAt - t.ts), 0) / 1000
  return {
    busyUntilShown,
    count: tasks.length,
    longest: Math.max(0, ...tasks.map((t) => t.dur! / 1000)),
    blocking: over(tasks),
    // Once shown: for home, the live rows' ticks.
    afterShown: over(tasks.filter((t) => t.ts >= shownAt)),
    where,
    each,
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
type Gateway = Awaited<ReturnType<typeof startGateway>>
const gateways = await Promise.all(
  dirs.map((dir) => startGateway({ LOG_LEVEL: 'silent', CLIENT_DIR: path.resolve(dir) })),
)
await Promise.all(gateways.map((g) => warmMarket(g.url)))

async function openOnce(gateway: Gateway, dir: string) {
  const { url } = gateway
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  if (home) await storeSessionIn(context, url, await logIn(url, gateway.config))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.start')
  let toShown = 0
  const events = await trace(cdp, async () => {
    const started = Date.now()
    await page.goto(`${url}/`)
    const shown = home
      ? page.locator('[data-testid^="stock-row-"]').first()
      : page.getByTestId('password')
    await shown.waitFor({ timeout: 60_000 })
    toShown = Date.now() - started
    await page.evaluate((name) => performance.mark(name), SHOWN)
    await page.waitForTimeout(SETTLE_MS)
  })
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
  await context.close()
  const tasks = longTasks(events, url)
  // With TASKS=1, each long task also names the app's functions it ran under (source maps).
  const each = tasks.each.map((t) => {
    const app = [...appTimeBetween(profile, dir, t.from, t.to)].sort((x, y) => y[1] - x[1])
    const own = [...selfTimeBetween(profile, dir, t.from, t.to)].sort((x, y) => y[1] - x[1])
    return {
      ...t,
      self: own
        .slice(0, 4)
        .map(([f, ms]) => `${f} ${ms.toFixed(0)}`)
        .join('; '),
      app: app
        .slice(0, 3)
        .map(([f, ms]) => `${f} ${ms.toFixed(0)}`)
        .join('; '),
    }
  })
  return { ...tasks, each, toShown, byPackage: selfTimeByPackage(profile, dir) }
}

try {
  const results: Awaited<ReturnType<typeof openOnce>>[][] = dirs.map(() => [])
  for (let i = 0; i < runs; i++) {
    for (const [b, gateway] of gateways.entries())
      results[b]!.push(await openOnce(gateway, dirs[b]!))
  }
  for (const [b, dir] of dirs.entries()) {
    const rs = results[b]!
    console.log(
      `${dir}: blocking median ${median(rs.map((r) => r.blocking)).toFixed(0)} ms ` +
        `(${rs.map((r) => r.blocking.toFixed(0)).join(', ')}), long tasks median ` +
        `${median(rs.map((r) => r.count))}; after it showed ${median(rs.map((r) => r.afterShown)).toFixed(0)} ms ` +
        `(${rs.map((r) => r.afterShown.toFixed(0)).join(', ')}); longest ` +
        `${median(rs.map((r) => r.longest)).toFixed(0)} ms, shown after ${median(rs.map((r) => r.toShown))} ms`,
    )
    console.log(
      `  main thread busy until it showed: median ${median(rs.map((r) => r.busyUntilShown)).toFixed(0)} ms ` +
        `(${rs.map((r) => r.busyUntilShown.toFixed(0)).join(', ')})`,
    )
    const top = (m: Map<string, number>) =>
      [...m].sort((x, y) => y[1] - x[1]).slice(0, Number(process.env.TOP ?? 12))
    if (process.env.TASKS) {
      console.log('  each long task (last run; ms after the first paint, length, what took it):')
      for (const t of rs.at(-1)!.each)
        console.log(
          `  ${t.at.toFixed(0).padStart(6)}  ${t.ms.toFixed(0).padStart(4)} ms  ${t.top}` +
            (t.app ? `\n                 under ${t.app}` : '') +
            (t.self ? `\n                 self ${t.self}` : ''),
        )
    }
    console.log('  in the long tasks, by trace event (last run):')
    for (const [label, ms] of top(rs.at(-1)!.where)) {
      console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${label}`)
    }
    console.log('  script time of the whole start, by package (last run):')
    for (const [owner, ms] of top(rs.at(-1)!.byPackage)) {
      console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${owner}`)
    }
  }
  if (dirs.length === 2) {
    const ratio = (of: (r: (typeof results)[number][number]) => number) => {
      const [a, b] = results.map((rs) => median(rs.map(of)))
      return `×${(b! / a!).toFixed(2)}`
    }
    console.log(
      `ratio second ÷ first: ${ratio((r) => r.blocking)}, after it showed ${ratio((r) => r.afterShown)}, ` +
        `busy until it showed ${ratio((r) => r.busyUntilShown)}`,
    )
  }
} finally {
  await browser.close()
  await Promise.all(gateways.map((g) => g.stop()))
}
