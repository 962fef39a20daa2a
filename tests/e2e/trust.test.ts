import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { phoneJourney, units } from './journey'
import { nextBankMorning, setClock } from './ops'
import { walletsOf } from './user-api'

/**
 * Issue 17's trust panel on a phone against a real gateway: from Mine's side panel to the panel's
 * figures and the refusal rules, a self-freeze of withdrawals confirmed with the fund password,
 * a withdrawal then refused with the self-freeze's message, and the ledger export downloaded, its
 * running balance ending at the wallet's balance.
 */
const j = phoneJourney('trust', { TIME_TRAVEL: '1' })
// Withdrawals go out on bank business days, 9:00–15:30 Tokyo: outside that window the form does
// not let the request go, and the refusal to show is the self-freeze's, whatever the hour of the run.
beforeAll(() => setClock(j.gateway, nextBankMorning(Date.now()).at))

describe('trust panel journey on a 390×844 phone', () => {
  it('opens the trust panel from Mine’s side panel: the figures and every refusal rule', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
    await j.screens.open('/mine/index', 'open-panel')
    await j.page.getByTestId('open-panel').click()
    await j.page.getByTestId('panel-trust').click()
    await expect.poll(j.screens.hashPath).toBe('/mine/trust')
    await j.page.getByTestId('trust-panel').waitFor({ timeout: 15_000 })
    expect(await j.page.getByTestId('trust-operator').textContent()).toContain(
      j.gateway.config.trust.operator,
    )
    // The reconciliation balances: both totals the same figure.
    const customers = await j.page.getByTestId('trust-customer-total').textContent()
    expect(customers).toBe(await j.page.getByTestId('trust-segregated-total').textContent())
    for (const key of ['self_frozen_withdraw', 'withdraw_window_closed', 'amount_below_minimum']) {
      await j.page.getByTestId(`trust-rule-${key}`).waitFor()
    }
    expect(await j.page.getByTestId('trust-rule-amount_below_minimum').textContent()).toContain(
      '10,000',
    )
    // The payout speed: none of the demo's withdrawals is paid yet, or too few for a median
    // (PAYOUT_MEDIAN_MIN_COUNT), or the median in minutes or hours (issue 34 item 13).
    expect(await j.page.getByTestId('trust-median').textContent()).toMatch(
      /支払った出金はありません|少なすぎます|\d+分以内|[\d.]+時間以内/,
    )
    expect(await j.page.getByTestId('trust-median').textContent()).not.toMatch(/[^\d.]0時間/)
    await j.screens.shot('01-panel')
    await j.screens.shotInLanguages('01-payouts', 'trust-payouts')
  })

  it('freezes withdrawals after confirming with the fund password', async () => {
    await j.page.getByTestId('freeze-withdraw').click()
    await j.page.getByTestId('freeze-confirm').waitFor()
    await j.screens.shot('02-confirm')
    await j.page
      .locator('input[name="freeze-fund_password"]')
      .fill(j.gateway.config.demoFundPassword)
    await j.page.getByTestId('freeze-confirm').click()
    const state = j.page.getByTestId('freeze-state-withdraw')
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toMatch(/凍結中/)
    expect(await j.page.getByTestId('freeze-state-trading').textContent()).toMatch(
      /凍結していません/,
    )
    await j.page.getByTestId('unfreeze-withdraw').waitFor()
    await j.screens.shot('03-frozen')
  })

  it('has a withdrawal refused with the self-freeze message', async () => {
    await j.screens.open('/mine/withdraw', 'withdraw-submit')
    await j.page.locator('input[name="withdraw-money"]').fill('20000')
    await j.page
      .locator('input[name="withdraw-fund_password"]')
      .fill(j.gateway.config.demoFundPassword)
    await j.page.getByTestId('withdraw-submit').click()
    await j.page.getByTestId('withdraw-confirm').click()
    await j.page
      .getByText('ご自身で出金を凍結しています', { exact: false })
      .first()
      .waitFor({ timeout: 10_000 })
    await j.screens.shot('04-refused')
  })

  it('downloads the ledger export, its running balance ending at the wallet', async () => {
    await j.screens.open('/mine/trust', 'trust-export')
    const [download] = await Promise.all([
      j.page.waitForEvent('download', { timeout: 15_000 }),
      j.page.getByTestId('trust-export').click(),
    ])
    const file = await download.path()
    const rows = readFileSync(file, 'utf8').trim().split('\r\n')
    expect(rows[0]).toBe('line,time,kind,order_no,book,currency,amount,running_balance,detail')
    expect(rows.length).toBeGreaterThan(1)
    const last = rows.at(-1)!.split(',')
    const wallet = (await walletsOf(j.page, j.gateway.url)).JPY!
    expect(units(last[7])).toBe(units(wallet.available) + units(wallet.frozen))
    expect(j.pageErrors).toEqual([])
  })
})
