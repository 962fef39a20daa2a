import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { phoneJourney } from './journey'

/**
 * Issue 15's first minute on a phone against a real gateway in demo mode: the login screen offers
 * the demo account and logs in with one tap; the account is complete (verified, a bank card, the
 * opening deposit in the deposit history, a ten-code watchlist, holdings, messages) and Mine shows
 * the money actions as tiles.
 */
const j = phoneJourney('first-minute')

describe('the first minute on a 390×844 phone', () => {
  it('offers the demo account on the login screen and logs in with one tap', async () => {
    await j.page.goto(`${j.gateway.url}/#/login/login`)
    const offer = j.page.getByTestId('demo-login')
    await offer.waitFor()
    await expect.poll(() => offer.textContent()).toContain(j.gateway.config.demoAccount)
    await expect.poll(() => offer.textContent()).toContain(j.gateway.config.demoFundPassword)
    await j.screens.shot('01-login')
    await j.page.getByTestId('demo-login-use').click()
    await expect.poll(j.screens.hashPath, { timeout: 15_000 }).toBe('/home/home')
    expect(await j.page.evaluate(() => localStorage.getItem('account'))).toBe(
      j.gateway.config.demoAccount,
    )
  })

  it('shows the money actions as tiles on Mine, and they lead to their screens', async () => {
    await j.screens.open('/mine/index', 'mine-tile-deposit')
    for (const tile of ['deposit', 'withdraw', 'exchange', 'records', 'loan']) {
      expect(await j.page.getByTestId(`mine-tile-${tile}`).isEnabled()).toBe(true)
    }
    await j.screens.shot('02-mine')
    await j.page.getByTestId('mine-tile-records').click()
    await expect.poll(j.screens.hashPath).toBe('/mine/transactionRecords')
  })

  it("shows the deposit payee's whole name on a 390 px screen", async () => {
    await j.screens.open('/mine/deposit', 'deposit-payee')
    const box = await j.page.getByTestId('deposit-payee').boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    const scrolls = await j.page
      .getByTestId('deposit-payee')
      .evaluate((e) => e.scrollWidth > e.clientWidth)
    expect(scrolls).toBe(false)
  })

  it('has the opening deposit in its deposit history', async () => {
    await j.screens.open('/mine/stored', 'deposit-records')
    await expect
      .poll(() => j.page.getByTestId('deposit-records').textContent())
      .toContain('1,000,000')
    await j.screens.shot('03-deposits')
  })

  it('watches ten codes and holds its first buys', async () => {
    await j.screens.open('/quotes/self', 'watchlist')
    await expect.poll(() => countIds(j.page, /^watchlist-\d{4}$/)).toBe(10)
    await j.screens.open('/position/index', 'holding-status')
    await expect.poll(() => countIds(j.page, /^holding-\d+$/)).toBe(3)
    await j.screens.shot('04-positions')
  })

  it('has messages of its approved identity and deposits', async () => {
    await j.screens.open('/mine/message', 'message-item-1')
    expect(await j.page.locator('[data-testid^="message-item-"]').count()).toBeGreaterThan(3)
    await j.screens.shot('05-messages')
    expect(j.pageErrors).toEqual([])
  })
})

/** How many elements carry a test id matching `pattern` (rows, not their inner parts). */
function countIds(page: Page, pattern: RegExp): Promise<number> {
  return j.page.evaluate(
    (source) =>
      [...document.querySelectorAll('[data-testid]')].filter((e) =>
        new RegExp(source).test(e.getAttribute('data-testid') ?? ''),
      ).length,
    pattern.source,
  )
}
