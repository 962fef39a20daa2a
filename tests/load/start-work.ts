/**
 * The work of the first seconds, counted rather than timed: what the app does from a cold open of
 * `/` until the login form (no session) or home (the demo user's stored session) has settled. React
 * commits and the components rendered in them (through the hook React offers developer tools), and
 * Chromium's own counters of style recalculations and layouts. Counts do not swing with the load of
 * this shared machine as Lighthouse's times do (its benchmarkIndex halves when other work runs), so
 * a change to the first screens can be judged while others are busy; Lighthouse stays the judge of
 * the issue's goals (tests/load/lighthouse.ts) on a quiet machine.
 *
 *   npm run build && npx tsx tests/load/start-work.ts [--per-commit] [client dist dirs…]
 *
 * With dirs it measures each (e.g. an older build, copied aside, against this one). Component
 * names are readable only in a build without minification (`npx vite build --minify false
 * --outDir /tmp/dist-plain` in client/). Prints figures; asserts nothing.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { launchPhone } from '../e2e/browser'
import { startGateway } from '../e2e/gateway'
import { logIn, storeSessionIn } from './lighthouse/runner'

const SETTLE_MS = 5_000
const perCommit = process.argv.includes('--per-commit')
const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const builds = dirs.length > 0 ? dirs.map((d) => path.resolve(d)) : [undefined]

interface Counts {
  commits: number
  renders: number
  byComponent: Record<string, number>
  perCommit: string[]
}

/**
 * Installed before the app's scripts: React calls `onCommitFiberRoot` after every commit. A fiber
 * rendered in it if it is new or did work (flag PerformedWork = 1); a subtree whose child list did
 * not change bailed out and is skipped, as React's developer tools do.
 */
function countCommits() {
  const counts: Counts = { commits: 0, renders: 0, byComponent: {}, perCommit: [] }
  Object.assign(window, { __startWork: counts })
  interface Fiber {
    type: unknown
    flags: number
    alternate: Fiber | null
    child: Fiber | null
    sibling: Fiber | null
  }
  const nameOf = (type: unknown): string => {
    if (typeof type === 'function')
      return (type as { displayName?: string }).displayName ?? type.name
    const render = (type as { render?: { name?: string } } | null)?.render
    return render?.name ?? '(anonymous)'
  }
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onCommitFiberRoot(_id: number, root: { current: Fiber }) {
        counts.commits++
        const here: Record<string, number> = {}
        let inCommit = 0
        const stack: Fiber[] = [root.current]
        while (stack.length > 0) {
          const fiber = stack.pop()!
          const rendered = fiber.alternate === null || (fiber.flags & 1) === 1
          if (rendered && fiber.type && typeof fiber.type !== 'string') {
            const name = nameOf(fiber.type)
            here[name] = (here[name] ?? 0) + 1
            counts.byComponent[name] = (counts.byComponent[name] ?? 0) + 1
            counts.renders++
            inCommit++
          }
          if (fiber.child && fiber.child !== fiber.alternate?.child) stack.push(fiber.child)
          if (fiber.sibling) stack.push(fiber.sibling)
        }
        const top = Object.entries(here)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
        counts.perCommit.push(
          `${Math.round(performance.now())} ms, ${inCommit} renders: ${top.map(([k, v]) => `${k} ${v}`).join(', ')}`,
        )
      },
    },
  })
}

async function measure(page: Page, url: string) {
  // tsx keeps function names by wrapping them in a `__name` helper the page does not have.
  await page.addInitScript('window.__name = (f) => f')
  await page.addInitScript(countCommits)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  await page.goto(`${url}/`)
  await page.waitForTimeout(SETTLE_MS)
  const { metrics } = await cdp.send('Performance.getMetrics')
  const chromium = Object.fromEntries(metrics.map((m) => [m.name, m.value]))
  const counts = await page.evaluate(
    () => (window as unknown as { __startWork: Counts }).__startWork,
  )
  return { counts, chromium, screen: await page.evaluate(() => location.hash) }
}

for (const dir of builds) {
  for (const withSession of [false, true]) {
    const gateway = await startGateway({ LOG_LEVEL: 'silent', ...(dir ? { CLIENT_DIR: dir } : {}) })
    const { browser, context } = await launchPhone()
    try {
      if (withSession) {
        const grant = await logIn(gateway.url, gateway.config)
        await storeSessionIn(context, gateway.url, grant)
      }
      const { counts, chromium, screen } = await measure(await context.newPage(), gateway.url)
      const top = Object.entries(counts.byComponent)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
      console.log(
        `${dir ?? 'client/dist'} ${screen}: ${counts.commits} commits, ${counts.renders} component ` +
          `renders; ${chromium.RecalcStyleCount} style recalcs, ${chromium.LayoutCount} layouts, ` +
          `${chromium.Nodes} DOM nodes; (timed, load-dependent: script ` +
          `${Math.round((chromium.ScriptDuration ?? 0) * 1000)} ms, tasks ` +
          `${Math.round((chromium.TaskDuration ?? 0) * 1000)} ms)\n  most rendered: ` +
          top.map(([k, v]) => `${k} ${v}`).join(', '),
      )
      if (perCommit) console.log(counts.perCommit.map((c) => `  ${c}`).join('\n'))
    } finally {
      await browser.close()
      await gateway.stop()
    }
  }
}
