import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { journeyScreens, units } from './journey'
import { walletsOf } from './user-api'

/**
 * Issue 17's trust panel on a phone against a real gateway: from Mine's side panel to the panel's
 * figures and the refusal rules, a self-freeze of withdrawals confirmed with the fund password,
 * a withdrawal then refused with the self-freeze's message, and the ledger export downloaded, its
 * running balance ending at the wallet's balance.
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
  screens = journeyScreens(page, gateway.url, 'trust')
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

describe('trust panel journey on a 390×844 phone', () => {
  it('opens the trust panel from Mine’s side panel: the figures and every refusal rule', async () => {
    await screens.login(gateway.config.demoAccount, gateway.config.demoPassword)
    await screens.open('/mine/index', 'open-panel')
    await page.getByTestId('open-panel').click()
    await page.getByTestId('panel-trust').click()
    await expect.poll(screens.hashPath).toBe('/mine/trust')
    await page.getByTestId('trust-panel').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('trust-operator').textContent()).toContain(
      gateway.config.trust.operator,
    )
    // The reconciliation balances: both totals the same figure.
    const customers = await page.getByTestId('trust-customer-total').textContent()
    expect(customers).toBe(await page.getByTestId('trust-segregated-total').textContent())
    for (const key of ['self_frozen_withdraw', 'withdraw_window_closed', 'amount_below_minimum']) {
      await page.getByTestId(`trust-rule-${key}`).waitFor()
    }
    expect(await page.getByTestId('trust-rule-amount_below_minimum').textContent()).toContain(
      '10,000',
    )
    await screens.shot('01-panel')
  })

  it('freezes withdrawals after confirming with the fund password', async () => {
    await page.getByTestId('freeze-withdraw').click()
    await page.getByTestId('freeze-confirm').waitFor()
    await screens.shot('02-confirm')
    await page.locator('input[name="freeze-fund_password"]').fill(gateway.config.demoFundPassword)
    await page.getByTestId('freeze-confirm').click()
    const state = page.getByTestId('freeze-state-withdraw')
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toMatch(/凍結中/)
    expect(await page.getByTestId('freeze-state-trading').textContent()).toMatch(/凍結していません/)
    await page.getByTestId('unfreeze-withdraw').waitFor()
    await screens.shot('03-frozen')
  })

  it('has a withdrawal refused with the self-freeze message', async () => {
    await screens.open('/mine/withdraw', 'withdraw-submit')
    await page.locator('input[name="withdraw-money"]').fill('20000')
    await page.locator('input[name="withdraw-fund_password"]').fill(gateway.config.demoFundPassword)
    await page.getByTestId('withdraw-submit').click()
    await page.getByTestId('withdraw-confirm').click()
    await page
      .getByText('ご自身で出金を凍結しています', { exact: false })
      .first()
      .waitFor({ timeout: 10_000 })
    await screens.shot('04-refused')
  })

  it('downloads the ledger export, its running balance ending at the wallet', async () => {
    await screens.open('/mine/trust', 'trust-export')
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByTestId('trust-export').click(),
    ])
    const file = await download.path()
    const rows = readFileSync(file, 'utf8').trim().split('\r\n')
    expect(rows[0]).toBe('line,time,kind,order_no,book,currency,amount,running_balance')
    expect(rows.length).toBeGreaterThan(1)
    const last = rows.at(-1)!.split(',')
    const wallet = (await walletsOf(page, gateway.url)).JPY!
    expect(units(last[7])).toBe(units(wallet.available) + units(wallet.frozen))
    expect(pageErrors).toEqual([])
  })
})
