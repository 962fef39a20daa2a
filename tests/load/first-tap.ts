/**
 * What the first tap past home costs, build against build: home opened cold (a stored session,
 * through the start screen) with Chromium's CPU slowed 4×, then a tap on the Mine tab, timed until
 * Mine's account line shows. Home draws without MUI's theme (app/router), so this tap is where the
 * theme's code now loads and runs: the figure says what that moved from home's start to the tap.
 * Builds alternate, so a burst of load falls on each. Prints figures; asserts nothing.
 *
 *   npm run build && npx tsx tests/load/first-tap.ts [--runs=5] <client dist dirs…>
 */
import path from 'node:path'
import { chromium } from 'playwright-core'
import { startGateway } from '../e2e/gateway'
import { logIn, storeSessionIn, warmMarket } from './lighthouse/runner'
import { median } from './median'

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5)
const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'))
if (dirs.length === 0) throw new Error('name one or more client dist directories')

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
const gateways = await Promise.all(
  dirs.map((dir) => startGateway({ LOG_LEVEL: 'silent', CLIENT_DIR: path.resolve(dir) })),
)
await Promise.all(gateways.map((g) => warmMarket(g.url)))

/** Milliseconds from home's first row to its shown news (idle), and from the tap to Mine. */
async function tapOnce(gateway: (typeof gateways)[number]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  await storeSessionIn(context, gateway.url, await logIn(gateway.url, gateway.config))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(`${gateway.url}/`)
  // Home settled: its last part below the fold has mounted.
  await page.getByTestId('markets-link-indicators').waitFor({ timeout: 60_000 })
  await page.waitForTimeout(1_000)
  const tapped = Date.now()
  await page.getByTestId('tab-mine').click()
  await page.getByTestId('mine-account').waitFor({ timeout: 60_000 })
  const toMine = Date.now() - tapped
  await context.close()
  return toMine
}

try {
  const results: number[][] = dirs.map(() => [])
  for (let i = 0; i < runs; i++)
    for (const [b, gateway] of gateways.entries()) results[b]!.push(await tapOnce(gateway))
  for (const [b, dir] of dirs.entries())
    console.log(
      `${dir}: tap on Mine → its account line, median ${median(results[b]!)} ms ` +
        `(${results[b]!.join(', ')})`,
    )
  if (dirs.length === 2) {
    const [a, b] = results.map(median)
    console.log(`ratio second ÷ first: ×${(b! / a!).toFixed(2)}`)
  }
} finally {
  await browser.close()
  await Promise.all(gateways.map((g) => g.stop()))
}
