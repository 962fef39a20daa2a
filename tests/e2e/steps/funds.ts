import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Copies each of the payee's bank details with its button (issue 34 item 11): the button says
 * copied, a toast names the detail, and the clipboard holds what the screen shows beside it.
 */
export async function copyPayeeDetails(page: Page): Promise<void> {
  const toast = page.locator('.MuiSnackbar-root')
  for (const [detail, label] of [
    ['bank', '銀行'],
    ['branch', '支店'],
    ['account', '口座'],
    ['payee', '受取人'],
  ]) {
    const button = page.getByTestId(`deposit-copy-${detail}`)
    await button.click()
    await expect.poll(() => button.getAttribute('data-copied')).toBe('true')
    await toast.getByText(`${label}をコピーしました`, { exact: true }).waitFor()
    const shown = await button.evaluate((b) => b.previousElementSibling?.textContent)
    expect(await page.evaluate(() => navigator.clipboard.readText()), detail).toBe(shown)
  }
}

/** The withdraw screen lists each published rule as met: verified, card, fund password, window. */
export async function expectWithdrawRulesMet(page: Page): Promise<void> {
  for (const rule of ['verified', 'card', 'fundPassword', 'window']) {
    expect(await page.getByTestId(`withdraw-rule-${rule}`).getAttribute('data-ok'), rule).toBe(
      'true',
    )
  }
}

/**
 * The browser puts the page back from its back/forward cache, as a phone's does on Back from
 * another site (issue 34 item 11): the deposit screen opens afresh, a new form, not the outcome
 * it was left on.
 */
export async function expectNewFormOnRestore(page: Page): Promise<void> {
  await page.evaluate(() =>
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })),
  )
  await page.getByTestId('deposit-money').waitFor({ timeout: 5_000 })
  expect(await page.getByTestId('deposit-outcome').count()).toBe(0)
}
