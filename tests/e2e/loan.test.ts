import { describe, expect, it } from 'vitest'
import { userinfoOf } from './identity-api'
import { phoneJourney, units } from './journey'
import { approvePending, opsCall } from './ops'

/**
 * Issue 4's credit-loan journey on a phone against a real gateway: the demo account starts
 * verified and with a fund password (issue 15), which gives it a credit line on /mine/loan; it borrows after a confirmation (the operator approves again, the debt shows
 * in `jpyyjed`) and repays principal and interest on /mine/loanOrder with its fund password.
 */
// The demo's fund password (DEMO_FUND_PASSWORD's default), which it starts with.
const FUND_PASSWORD = '135790'
const LOAN = '100000'

// Reviews wait for the operator (this test): each approval is a step of the journey.
const j = phoneJourney('loan', { TIME_TRAVEL: '1', REVIEW_POLICY: 'manual' })
let beforeLoan: Record<string, string> = {}
const yenInfo = () => userinfoOf(j.page, j.gateway.url, 'jpy')

describe('credit-loan journey on a 390×844 phone', () => {
  it('logs in as the demo account', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
  })

  it('has a credit line from the start: the demo is verified and has a fund password', async () => {
    expect(await yenInfo()).toMatchObject({ verified: 2, fund_password_set: true })
    await j.screens.open('/mine/loan', 'loan-limit')
    // Deposits 1,000,000 × score (50 base + 20 verified) / 100.
    await expect.poll(() => j.page.getByTestId('loan-limit').textContent()).toMatch(/700,000/)
  })

  it('borrows after a confirmation; the operator approves; the debt shows in jpyyjed', async () => {
    beforeLoan = await yenInfo()
    expect(beforeLoan.jpyyjed).toBe('0')
    await j.page.getByTestId('loan-money').fill(LOAN)
    await j.screens.shot('01-form')
    await j.page.getByTestId('loan-submit').click()
    await j.page.getByTestId('loan-confirm').waitFor()
    await j.screens.shot('02-confirm')
    await j.page.getByTestId('loan-confirm').click()
    const outcome = j.page.getByTestId('loan-outcome')
    await expect
      .poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 })
      .toBe('pendingReview')
    // Nothing is lent before the review.
    expect((await yenInfo()).jpyyjed).toBe('0')
    await j.screens.shot('03-review')

    await approvePending(j.gateway, 'loan', j.gateway.config.demoAccount)
    await expect
      .poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 })
      .toBe('approved')
    const after = await yenInfo()
    expect(after.jpyyjed).toBe(LOAN)
    expect(units(after.jpy) - units(beforeLoan.jpy)).toBe(units(LOAN))
    await j.screens.shot('04-approved')
  })

  it('repays principal and interest on /mine/loanOrder with the fund password', async () => {
    await j.page.getByTestId('loan-records').click()
    await expect.poll(j.screens.hashPath).toBe('/mine/loanOrder')
    await j.page.getByTestId('loan-repay').click()
    await j.page.getByTestId('repay-fund_password').fill(FUND_PASSWORD)
    await j.screens.shot('05-repay')
    await j.page.getByTestId('repay-confirm').click()
    await j.page.getByTestId('loan-repaid').waitFor({ timeout: 15_000 })
    await j.screens.shot('06-repaid')
    const after = await yenInfo()
    expect(after.jpyyjed).toBe('0')
    // The loan cost its interest (at least a day's): less cash than before borrowing.
    expect(units(after.jpy)).toBeLessThan(units(beforeLoan.jpy))
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = (await opsCall(j.gateway, 'GET', '/ledger/check')) as { ok: boolean }
    expect(check.ok).toBe(true)
    expect(j.pageErrors).toEqual([])
  })
})
