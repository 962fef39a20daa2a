import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { AxeResults, ImpactValue } from 'axe-core'
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { ALLOWED_MODERATE } from './a11y-allowed'

/**
 * axe-core on every screen a phone journey shows. A journey's screen steps are its screenshots, so
 * `watchAccessibility` makes every page of a context scan before each screenshot: a new journey
 * that calls `launchPhone()` and takes screenshots is scanned without a line of its own. A
 * critical or serious finding fails the step; so does a moderate or minor one that
 * `a11y-allowed.ts` does not list with a reason. `A11Y=report` records without failing (to take
 * before/after figures). Each journey's findings land in `screenshots/a11y-<journey>.json`.
 */

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)
const REPORTS = path.resolve(import.meta.dirname, 'screenshots')

export interface Finding {
  rule: string
  impact: ImpactValue
  help: string
  /** CSS selectors of the elements found, the first few. */
  targets: string[]
  nodes: number
  /** axe's distinct reasons over the elements (e.g. each contrast it measured). */
  summary: string
}

export interface ScreenScan {
  journey: string
  screen: string
  route: string
  findings: Finding[]
}

/** Findings that fail a step: critical and serious always, others unless listed with a reason. */
export const failing = (findings: Finding[]): Finding[] =>
  findings.filter(
    (f) => f.impact === 'critical' || f.impact === 'serious' || !(f.rule in ALLOWED_MODERATE),
  )

/** The journey running now: the test file's name without `.test.ts`. */
const journeyName = () => path.basename(expect.getState().testPath ?? 'journey', '.test.ts')

/** Lets finite animations (the screen's fade-in, a price's flash) end: axe reads their colours. */
const settle = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )

/** Runs axe-core on the page as it is now and returns its violations. */
export async function scanPage(page: Page): Promise<Finding[]> {
  await settle(page)
  // page.evaluate goes through the DevTools protocol, so the app's CSP does not stop the injection.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
      resultTypes: ['violations'],
    }),
  )
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'minor',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    nodes: v.nodes.length,
    // Each distinct reason once (for contrast: each colour pair), the element list shortened.
    summary: [...new Set(v.nodes.map((n) => (n.failureSummary ?? '').split('\n')[1]?.trim()))]
      .slice(0, 6)
      .join(' | '),
  }))
}

const describeFinding = (f: Finding) =>
  `  ${f.impact} ${f.rule} (${f.help}) ×${f.nodes}: ${f.targets.join(' | ')}\n    ${f.summary}`

/** Scans the screen on `page`, records it under the journey, and throws on failing findings. */
export async function scanScreen(page: Page, screen: string): Promise<ScreenScan> {
  const routeOf = () => new URL(page.url()).hash.replace(/^#/, '') || '/'
  let route = routeOf()
  let findings = await scanPage(page)
  // A screen that moves on by itself (the start screen, once its steps are done) can change under
  // the scan: axe then read the next screen mid-fade. Scan again what is there now.
  for (let again = 0; again < 2 && routeOf() !== route; again++) {
    route = routeOf()
    findings = await scanPage(page)
  }
  // An element that starts to fade in while axe reads (a toast arriving mid-scan, after `settle`)
  // is measured with its colours blended into the page (once on CI: a filled error alert at
  // 1.28:1). A contrast finding is read once more after the page settles; a real one stays.
  if (failing(findings).some((f) => f.rule === 'color-contrast')) findings = await scanPage(page)
  const scan: ScreenScan = { journey: journeyName(), screen, route, findings }
  record(scan)
  const bad = failing(scan.findings)
  if (bad.length > 0 && process.env.A11Y !== 'report') {
    throw new Error(
      `axe: ${bad.length} accessibility finding(s) on ${scan.route} (${screen}):\n` +
        bad.map(describeFinding).join('\n'),
    )
  }
  return scan
}

const scans = new Map<string, ScreenScan[]>()

function record(scan: ScreenScan) {
  const list = scans.get(scan.journey) ?? []
  list.push(scan)
  scans.set(scan.journey, list)
  mkdirSync(REPORTS, { recursive: true })
  writeFileSync(path.join(REPORTS, `a11y-${scan.journey}.json`), JSON.stringify(list, null, 1))
}

/** Per impact, how many (screen, rule) pairs a journey's scans found, and over how many screens. */
export function summary(journey: string) {
  const list = scans.get(journey) ?? []
  const count = (impact: ImpactValue) =>
    list.reduce((n, s) => n + s.findings.filter((f) => f.impact === impact).length, 0)
  return {
    screens: list.length,
    critical: count('critical'),
    serious: count('serious'),
    moderate: count('moderate'),
    minor: count('minor'),
  }
}

/**
 * Scans each page of `context` before each of its screenshots (named after the shot's file), and
 * prints the journey's totals when the context closes.
 */
export function watchAccessibility(context: BrowserContext): void {
  // The journeys of this context only: the files of a run share this module (isolate: false).
  const journeys = new Set<string>()
  context.on('page', (page) => {
    const screenshot = page.screenshot.bind(page)
    page.screenshot = async (options) => {
      const name = options?.path ? path.basename(options.path, '.png') : 'screenshot'
      journeys.add((await scanScreen(page, name)).journey)
      return screenshot(options)
    }
  })
  context.on('close', () => {
    for (const journey of journeys) {
      console.log(`axe ${journey}: ${JSON.stringify(summary(journey))}`)
    }
  })
}
