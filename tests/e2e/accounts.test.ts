import { describe, expect, it } from 'vitest'
import { phoneJourney } from './journey'

/**
 * Issue 36's accounts on a phone against a real gateway: the demo account opens its NISA account
 * from 口座 under Mine (a confirmation with the fund password), sees the growth frame's bars, then
 * buys a lot of Toyota in NISA from the stock page's ticket and finds it under Positions with its
 * NISA badge and the room used. Each screen is shot in ja, zh-CN and en.
 */
const j = phoneJourney('accounts')

describe('accounts journey on a 390×844 phone', () => {
  it('opens the NISA account with the fund password and shows its rooms', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
    await j.screens.open('/mine/index', 'open-panel')
    await j.page.getByTestId('open-panel').click()
    await j.page.getByTestId('panel-accounts').click()
    await expect.poll(j.screens.hashPath).toBe('/mine/accounts')
    await j.page.getByTestId('accounts-nisa-open').waitFor({ timeout: 15_000 })
    expect(await j.page.getByTestId('accounts-kind-tokutei_withholding').isChecked()).toBe(true)
    await j.screens.shotInLanguages('01-closed', 'accounts-nisa-open')

    await j.page.getByTestId('accounts-nisa-open').click()
    await j.page.getByTestId('nisa-open-fund_password').fill(j.gateway.config.demoFundPassword)
    await j.page.getByTestId('nisa-open-confirm').click()
    const growth = j.page.getByTestId('nisa-growth-used')
    await growth.waitFor({ timeout: 15_000 })
    expect(await growth.textContent()).toMatch(/2,400,000/)
    expect(await j.page.getByTestId('nisa-tsumitate').textContent()).toMatch(/1,200,000/)
    await j.screens.shotInLanguages('02-opened', 'nisa-growth', true)
    expect(j.pageErrors).toEqual([])
  })

  it('buys a lot of Toyota in NISA and shows it with its badge', async () => {
    await j.screens.open('/quotes/info?code=7203', 'buy-open')
    await j.page.getByTestId('buy-open').click()
    await j.page.getByTestId('order-account-nisa').click({ timeout: 15_000 })
    await expect
      .poll(() => j.page.getByTestId('order-account-note').textContent())
      .toMatch(/2,400,000/)
    await expect.poll(() => j.page.getByTestId('order-total').textContent()).toMatch(/\d/)
    await j.screens.shot('03-ticket')
    await j.page.getByTestId('order-review').click()
    await j.page.getByTestId('confirm-nisa').waitFor()
    await j.page.getByTestId('order-confirm').click()
    const outcome = j.page.getByTestId('order-outcome')
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 }).toBe('holding')

    await j.screens.open('/position/index', 'asset-overview')
    const badge = j.page.getByTestId('holding-nisa').first()
    await badge.waitFor({ timeout: 15_000 })
    await j.screens.shotInLanguages('04-holding', 'holding-nisa')

    await j.screens.open('/mine/accounts', 'nisa-growth')
    await expect
      .poll(() => j.page.getByTestId('nisa-growth-used').textContent())
      .not.toMatch(/^¥0 /)
    expect(j.pageErrors).toEqual([])
  })
})
