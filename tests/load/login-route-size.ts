/**
 * What a phone downloads to show the login screen: every script the page fetches until the network
 * is idle, as served (compressed) and as parsed, plus the time until the login form is visible and
 * the scripts requested before it was (the budget of issue 15: ≤ 120 KB compressed). "Before" is
 * the page's own clock: a script whose request started (resource timing) before the password field
 * was in the document. (It used to be the moment Playwright saw the field, which also took in
 * what the form's own effects fetched in the round trip after: 10 KiB more on main of 28 Nov 2026.)
 * Run after `npm run build`: `npx tsx tests/load/login-route-size.ts` (`CLIENT_DIR=dir` measures another
 * build, e.g. an older copy of client/dist). Prints figures; asserts nothing.
 */
import { launchPhone } from '../e2e/browser'
import { startGateway } from '../e2e/gateway'

const gateway = await startGateway({
  LOG_LEVEL: 'silent',
  ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
})
const { browser, context } = await launchPhone()
try {
  const page = await context.newPage()
  const scripts: Array<{ url: string; wire: number; parsed: number }> = []
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="password"]')) return
      ;(window as unknown as { formShownAt?: number }).formShownAt = performance.now()
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return
    const sizes = await request.sizes()
    const response = await request.response()
    const parsed = (await response?.body())?.length ?? 0
    scripts.push({ url: new URL(request.url()).pathname, wire: sizes.responseBodySize, parsed })
  })
  const started = Date.now()
  await page.goto(`${gateway.url}/#/login/login`)
  await page.getByTestId('password').waitFor()
  const formVisibleMs = Date.now() - started
  await page.waitForLoadState('networkidle')
  const requestedBeforeForm = new Set(
    await page.evaluate(() => {
      const shownAt = (window as unknown as { formShownAt: number }).formShownAt
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= shownAt)
        .map((e) => new URL(e.name).pathname)
    }),
  )
  const kib = (n: number) => (n / 1024).toFixed(1).padStart(7)
  for (const s of scripts.sort((a, b) => b.wire - a.wire)) {
    const mark = requestedBeforeForm.has(s.url) ? '*' : ' '
    console.log(`${kib(s.wire)} KiB wire ${kib(s.parsed)} KiB parsed ${mark} ${s.url}`)
  }
  const wire = scripts.reduce((n, s) => n + s.wire, 0)
  const parsed = scripts.reduce((n, s) => n + s.parsed, 0)
  console.log(
    `login route: ${scripts.length} scripts, ${kib(wire)} KiB on the wire (as sent: br, else gzip), ${kib(parsed)} KiB parsed`,
  )
  const first = scripts.filter((s) => requestedBeforeForm.has(s.url))
  console.log(
    `before the form showed (*): ${first.length} scripts, ${kib(first.reduce((n, s) => n + s.wire, 0))} KiB on the wire (as sent: br, else gzip)`,
  )
  console.log(`login form visible after ${formVisibleMs} ms (loopback, no throttling)`)
} finally {
  await browser.close()
  await gateway.stop()
}
