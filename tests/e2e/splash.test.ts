import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import zhCN from '../../client/src/i18n/locales/zh-CN/common'
import { launchPhone } from './browser'
import { startGateway } from './gateway'

/**
 * The splash of index.html (issue 15's speed): the brand is drawn in the phone's language before
 * any of the app's scripts arrive, and the first screen takes over without the brand moving and
 * without the splash standing in the way of a tap.
 */
let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  gateway = await startGateway()
  const phone = await launchPhone()
  browser = phone.browser
  context = phone.context
  await context.addInitScript(() => localStorage.setItem('language', 'zh-CN'))
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

/** Where the brand's logo is drawn: the splash's, or the login screen's (AuthFrame's). */
const logoTop = (page: Page, selector: string) =>
  page.locator(selector).evaluate((e) => Math.round(e.getBoundingClientRect().top))

describe('the splash before the app', () => {
  let splashLogoTop: number

  it('shows the brand in the stored language while the app’s scripts have not arrived', async () => {
    const page = await context.newPage()
    // The app's own scripts never come: what shows is what the HTML and first-paint.js draw.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto(`${gateway.url}/#/login/login`)
    await expect
      .poll(() => page.locator('#splash-tagline').textContent())
      .toBe(zhCN['common.tagline'])
    expect(await page.locator('#splash-name').textContent()).toBe(zhCN['common.appName'])
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN')
    expect(await page.locator('#splash').isVisible()).toBe(true)
    splashLogoTop = await logoTop(page, '#splash-logo')
    await page.close()
  })

  it('gives way to the login screen: the splash is gone within a second, the brand stays put', async () => {
    const page = await context.newPage()
    await page.goto(`${gateway.url}/#/login/login`)
    await page.getByTestId('password').waitFor()
    await expect.poll(() => page.locator('#splash').count(), { timeout: 1_000 }).toBe(0)
    expect(await logoTop(page, 'main svg >> nth=0 >> xpath=..')).toBe(splashLogoTop)
    await page.close()
  })
})
