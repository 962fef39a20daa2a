import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { userinfoOf } from './identity-api'
import { journeyScreens, units } from './journey'
import { approvePending, opsCall } from './ops'

/**
 * Issue 4's credit-loan journey on a phone against a real gateway: the demo account starts
 * verified and with a fund password (issue 15), which gives it a credit line on /mine/loan; it borrows after a confirmation (the operator approves again, the debt shows
 * in `jpyyjed`) and repays principal and interest on /mine/loanOrder with its fund password.
 */
// The demo's fund password (DEMO_FUND_PASSWORD's default), which it starts with.
const FUND_PASSWORD = '135790'
const LOAN = '100000'

let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
let screens: ReturnType<typeof journeyScreens>
let beforeLoan: Record<string, string> = {}
const pageErrors: string[] = []
const yenInfo = () => userinfoOf(page, gateway.url, 'jpy')

beforeAll(async () => {
  // Reviews wait for the operator (this test): each approval is a step of the journey.
  gateway = await startGateway({ TIME_TRAVEL: '1', REVIEW_POLICY: 'manual' })
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  screens = journeyScreens(page, gateway.url, 'loan')
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

describe('credit-loan journey on a 390×844 phone', () => {
  it('logs in as the demo account', async () => {
    await screens.login(gateway.config.demoAccount, gateway.config.demoPassword)
  })

  it('has a credit line from the start: the demo is verified and has a fund password', async () => {
    expect(await yenInfo()).toMatchObject({ verified: 2, fund_password_set: true })
    await screens.open('/mine/loan', 'loan-limit')
    // Deposits 1,000,000 × score (50 base + 20 verified) / 100.
    await expect.poll(() => page.getByTestId('loan-limit').textContent()).toMatch(/700,000/)
  })

  it('borrows after a confirmation; the operator approves; the debt shows in jpyyjed', async () => {
    beforeLoan = await yenInfo()
    expect(beforeLoan.jpyyjed).toBe('0')
    await page.getByTestId('loan-money').fill(LOAN)
    await screens.shot('01-form')
    await page.getByTestId('loan-submit').click()
    await page.getByTestId('loan-confirm').waitFor()
    await screens.shot('02-confirm')
    await page.getByTestId('loan-confirm').click()
    const outcome = page.getByTestId('loan-outcome')
    await expect
      .poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 })
      .toBe('pendingReview')
    // Nothing is lent before the review.
    expect((await yenInfo()).jpyyjed).toBe('0')
    await screens.shot('03-review')

    await approvePending(gateway, 'loan', gateway.config.demoAccount)
    await expect
      .poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 })
      .toBe('approved')
    const after = await yenInfo()
    expect(after.jpyyjed).toBe(LOAN)
    expect(units(after.jpy) - units(beforeLoan.jpy)).toBe(units(LOAN))
    await screens.shot('04-approved')
  })

  it('repays principal and interest on /mine/loanOrder with the fund password', async () => {
    await page.getByTestId('loan-records').click()
    await expect.poll(screens.hashPath).toBe('/mine/loanOrder')
    await page.getByTestId('loan-repay').click()
    await page.getByTestId('repay-fund_password').fill(FUND_PASSWORD)
    await screens.shot('05-repay')
    await page.getByTestId('repay-confirm').click()
    await page.getByTestId('loan-repaid').waitFor({ timeout: 15_000 })
    await screens.shot('06-repaid')
    const after = await yenInfo()
    expect(after.jpyyjed).toBe('0')
    // The loan cost its interest (at least a day's): less cash than before borrowing.
    expect(units(after.jpy)).toBeLessThan(units(beforeLoan.jpy))
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = (await opsCall(gateway, 'GET', '/ledger/check')) as { ok: boolean }
    expect(check.ok).toBe(true)
    expect(pageErrors).toEqual([])
  })
})
