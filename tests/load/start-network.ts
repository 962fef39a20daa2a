/**
 * The start screen on a slow phone network: from a cold open of `/` until the login form shows,
 * with the network Lighthouse's mobile preset simulates (150 ms round trip, 1.6 Mbit/s down, 750
 * kbit/s up) applied by Chromium itself and the CPU left alone. Waits on the network do not swing
 * with the load of this shared machine as script time does, so this tells how much the start
 * steps' round trips cost, build against build (e.g. an older build copied aside), alternating.
 *
 *   npm run build && npx tsx tests/load/start-network.ts [--runs=5] <client dist dirs…>
 *
 * Prints the median time to the login form per build; asserts nothing.
 */
import path from 'node:path'
import { chromium } from 'playwright-core'
import { startGateway } from '../e2e/gateway'
import { median } from './median'

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5)
const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'))
if (dirs.length === 0) throw new Error('name one or more client dist directories')

const LIGHTHOUSE_MOBILE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
const gateways = await Promise.all(
  dirs.map((dir) => startGateway({ LOG_LEVEL: 'silent', CLIENT_DIR: path.resolve(dir) })),
)

/** Milliseconds from navigation to the login form, in a fresh profile (nothing cached). */
async function openOnce(url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', LIGHTHOUSE_MOBILE)
  const started = Date.now()
  await page.goto(`${url}/`)
  await page.getByTestId('password').waitFor({ timeout: 60_000 })
  const ms = Date.now() - started
  await context.close()
  return ms
}

try {
  const times: number[][] = dirs.map(() => [])
  for (let i = 0; i < runs; i++) {
    // Alternating, so a burst of load from other work on the machine falls on every build.
    for (const [b, gateway] of gateways.entries()) times[b]!.push(await openOnce(gateway.url))
  }
  for (const [b, dir] of dirs.entries()) {
    console.log(
      `${dir}: to the login form, median ${median(times[b]!)} ms (${times[b]!.join(', ')})`,
    )
  }
  if (dirs.length === 2) {
    console.log(`ratio second ÷ first: ×${(median(times[1]!) / median(times[0]!)).toFixed(2)}`)
  }
} finally {
  await browser.close()
  await Promise.all(gateways.map((g) => g.stop()))
}
