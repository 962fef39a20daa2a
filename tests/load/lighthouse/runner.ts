import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type BrowserContext } from 'playwright-core'

/** What one Lighthouse run says about one page. Times in ms, bytes as transferred. */
export interface PageFigures {
  score: number
  fcp: number
  lcp: number
  tbt: number
  scriptBytes: number
  scripts: number
  /** Lighthouse's own measure of this machine's speed at the time (higher is faster). */
  benchmarkIndex: number
}

export interface SessionGrant {
  token: string
  account: string
}

// The few parts of Lighthouse's and chrome-launcher's APIs used here. They are typed by hand
// because the packages live in tests/perf, which the workspaces' typecheck does not install.
interface Lhr {
  categories: { performance: { score: number | null } }
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>
  environment: { benchmarkIndex: number }
  runtimeError?: { code: string; message: string }
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr } | undefined>
interface LaunchedChrome {
  port: number
  kill(): void
}
type LaunchChrome = (options: {
  chromePath: string
  chromeFlags: string[]
}) => Promise<LaunchedChrome>

const perfDir = path.resolve(import.meta.dirname, '../../perf')

/** Installs tests/perf on first use (its own lockfile), then loads Lighthouse from there. */
export async function loadLighthouse() {
  if (!existsSync(path.join(perfDir, 'node_modules/lighthouse'))) {
    console.log('installing Lighthouse into tests/perf (once)…')
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: perfDir,
      stdio: 'inherit',
    })
    if (npm.status !== 0) throw new Error('npm ci in tests/perf failed')
  }
  const require = createRequire(path.join(perfDir, 'package.json'))
  const load = (name: string) => import(pathToFileURL(require.resolve(name)).href)
  const lighthouse = (await load('lighthouse')).default as Lighthouse
  const launch = (await load('chrome-launcher')).launch as LaunchChrome
  return {
    measure: (url: string, page: Page, grant: SessionGrant | null) =>
      measureOnce(lighthouse, launch, url, page, grant).catch((error: unknown) => {
        // On a machine busy with other work Chromium sometimes misses the navigation's start
        // (NO_NAVSTART); one more run is the same measurement, not a different one.
        console.log(`run failed (${String(error)}), once more`)
        return measureOnce(lighthouse, launch, url, page, grant)
      }),
  }
}

/** Logs the demo user in through the gateway's own login call, as the login form does. */
export async function logIn(
  url: string,
  config: { demoAccount: string; demoPassword: string },
): Promise<SessionGrant> {
  const res = await fetch(`${url}/api/vue/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: config.demoAccount, password: config.demoPassword }),
  })
  const answer = (await res.json()) as { status: number; msg?: string; data?: SessionGrant }
  if (answer.status !== 1 || !answer.data) throw new Error(`login refused: ${answer.msg}`)
  return answer.data
}

/** A page measured: its name in the table, and its address after the origin (`/`, `/#/login/login`). */
export interface Page {
  name: string
  path: string
}

/**
 * One Lighthouse run of `page` (`/` opens the start screen, then login or home) in a fresh Chromium
 * profile. With a grant the session is stored in that profile first, under the spec's keys, as a
 * phone that logged in before would have it; Lighthouse is then told to keep storage.
 */
async function measureOnce(
  lighthouse: Lighthouse,
  launch: LaunchChrome,
  url: string,
  page: Page,
  grant: SessionGrant | null,
): Promise<PageFigures> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    if (grant) await storeSession(chrome.port, url, grant)
    const result = await lighthouse(`${url}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: grant !== null,
    })
    if (!result) throw new Error('Lighthouse returned nothing')
    // LIGHTHOUSE_JSON_DIR=dir keeps each run's whole report, to read its audits (bootup-time,
    // long tasks, main-thread breakdown) when a figure needs explaining.
    const dir = process.env.LIGHTHOUSE_JSON_DIR
    if (dir) {
      mkdirSync(dir, { recursive: true })
      const name = `${page.name.replace(/\W+/g, '-')}-${new URL(url).port}-${Date.now()}.json`
      writeFileSync(path.join(dir, name), JSON.stringify(result.lhr))
    }
    return figuresOf(result.lhr)
  } finally {
    chrome.kill()
  }
}

async function storeSession(port: number, url: string, grant: SessionGrant): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    if (!context) throw new Error('Chromium has no default context')
    await storeSessionIn(context, url, grant)
  } finally {
    await browser.close()
  }
}

/**
 * Keeps `grant` in the phone's storage as the app keeps a session, so its next page opens logged
 * in. Written from a page of the app's origin that is not the app: localStorage is per origin, and
 * the app's scripts must not land in the HTTP cache before anything is measured.
 */
export async function storeSessionIn(
  context: BrowserContext,
  url: string,
  grant: SessionGrant,
): Promise<void> {
  const page = await context.newPage()
  await page.goto(`${url}/health`)
  await page.evaluate(({ token, account }) => {
    localStorage.setItem('tokend', token)
    localStorage.setItem('account', account)
  }, grant)
  await page.close()
}

function figuresOf(lhr: Lhr): PageFigures {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}`)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as Array<{
    resourceType?: string
    transferSize?: number
  }>
  const scripts = requests.filter((r) => r.resourceType === 'Script')
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    scriptBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

/**
 * Waits until the gateway has built its whole simulated market. A new gateway builds it in the
 * background after start, and the first ranking asked for within those seconds waits for it: a
 * first run would measure the gateway's start, not the page.
 */
export async function warmMarket(url: string): Promise<void> {
  const answer = await fetch(`${url}/api/market/rank?market=jp&by=gainers`)
  if (!answer.ok) throw new Error(`ranking answered ${answer.status}`)
}
