import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { journeyScreens } from './journey'

/**
 * Issue 15's first minute on a phone against a real gateway in demo mode: the login screen offers
 * the demo account and logs in with one tap; the account is complete (verified, a bank card, the
 * opening deposit in the deposit history, a ten-code watchlist, holdings, messages) and Mine shows
 * the money actions as tiles.
 */
let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
let screens: ReturnType<typeof journeyScreens>
const pageErrors: string[] = []

beforeAll(async () => {
  gateway = await startGateway()
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  screens = journeyScreens(page, gateway.url, 'first-minute')
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

describe('the first minute on a 390×844 phone', () => {
  it('offers the demo account on the login screen and logs in with one tap', async () => {
    await page.goto(`${gateway.url}/#/login/login`)
    const offer = page.getByTestId('demo-login')
    await offer.waitFor()
    await expect.poll(() => offer.textContent()).toContain(gateway.config.demoAccount)
    await expect.poll(() => offer.textContent()).toContain(gateway.config.demoFundPassword)
    await screens.shot('01-login')
    await page.getByTestId('demo-login-use').click()
    await expect.poll(screens.hashPath, { timeout: 15_000 }).toBe('/home/home')
    expect(await page.evaluate(() => localStorage.getItem('account'))).toBe(
      gateway.config.demoAccount,
    )
  })

  it('shows the money actions as tiles on Mine, and they lead to their screens', async () => {
    await screens.open('/mine/index', 'mine-tile-deposit')
    for (const tile of ['deposit', 'withdraw', 'exchange', 'records', 'loan']) {
      expect(await page.getByTestId(`mine-tile-${tile}`).isEnabled()).toBe(true)
    }
    await screens.shot('02-mine')
    await page.getByTestId('mine-tile-records').click()
    await expect.poll(screens.hashPath).toBe('/mine/transactionRecords')
  })

  it("shows the deposit payee's whole name on a 390 px screen", async () => {
    await screens.open('/mine/deposit', 'deposit-payee')
    const box = await page.getByTestId('deposit-payee').boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    const scrolls = await page
      .getByTestId('deposit-payee')
      .evaluate((e) => e.scrollWidth > e.clientWidth)
    expect(scrolls).toBe(false)
  })

  it('has the opening deposit in its deposit history', async () => {
    await screens.open('/mine/stored', 'deposit-records')
    await expect
      .poll(() => page.getByTestId('deposit-records').textContent())
      .toContain('1,000,000')
    await screens.shot('03-deposits')
  })

  it('watches ten codes and holds its first buys', async () => {
    await screens.open('/quotes/self', 'watchlist')
    await expect.poll(() => countIds(page, /^watchlist-\d{4}$/)).toBe(10)
    await screens.open('/position/index', 'holding-status')
    await expect.poll(() => countIds(page, /^holding-\d+$/)).toBe(3)
    await screens.shot('04-positions')
  })

  it('has messages of its approved identity and deposits', async () => {
    await screens.open('/mine/message', 'message-item-1')
    expect(await page.locator('[data-testid^="message-item-"]').count()).toBeGreaterThan(3)
    await screens.shot('05-messages')
    expect(pageErrors).toEqual([])
  })
})

/** How many elements carry a test id matching `pattern` (rows, not their inner parts). */
function countIds(page: Page, pattern: RegExp): Promise<number> {
  return page.evaluate(
    (source) =>
      [...document.querySelectorAll('[data-testid]')].filter((e) =>
        new RegExp(source).test(e.getAttribute('data-testid') ?? ''),
      ).length,
    pattern.source,
  )
}
