import { describe, expect, it } from 'vitest'
import { phoneJourney } from './journey'

/**
 * Removing a bank card on a phone against a real gateway: the demo account starts with one card and
 * its fund password (issue 15); a wrong fund password is refused inside the confirmation and the
 * card stays, the right one removes it.
 */
// The demo's fund password (DEMO_FUND_PASSWORD's default), which it starts with.
const FUND_PASSWORD = '135790'
const j = phoneJourney('bank-card')

describe('bank card removal on a 390×844 phone', () => {
  it('removes the card only with the fund password: a wrong one is refused in the dialog', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
    await j.screens.open('/mine/bank', 'bank-card')
    const { page } = j
    await page.getByTestId('bank-card').getByRole('button').click()
    const confirm = page.getByTestId('bank-delete-confirm')
    await confirm.waitFor()
    expect(await confirm.isDisabled(), 'no fund password typed yet').toBe(true)
    const password = page.getByTestId('bank-delete-fund-password')
    await password.fill('000000')
    await confirm.click()
    const refusal = page.getByTestId('bank-delete-error')
    await refusal.waitFor()
    expect(await refusal.textContent()).toBe('取引パスワードが正しくありません')
    expect(await page.getByTestId('bank-card').count(), 'the card stays').toBe(1)
    await j.screens.shot('01-delete-refused')

    await password.fill(FUND_PASSWORD)
    await confirm.click()
    await expect.poll(() => page.getByTestId('bank-card').count()).toBe(0)
    await page.getByTestId('bank-delete-confirm').waitFor({ state: 'detached' })
    expect(j.pageErrors).toEqual([])
  })
})
