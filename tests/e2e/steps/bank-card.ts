import type { Page } from 'playwright-core'

/** Fills the bank-card form past its holder (みずほ銀行 本店, card 7654321) with the fund password. */
export async function fillBankCard(page: Page, fundPassword: string): Promise<void> {
  await page.getByTestId('bank-bank-name').fill('みずほ銀行')
  await page.getByTestId('bank-bank-code').fill('0001')
  await page.getByTestId('bank-branch-name').fill('本店')
  await page.getByTestId('bank-branch-code').fill('001')
  await page.getByTestId('bank-card-number').fill('7654321')
  await page.getByTestId('bank-fund-password').fill(fundPassword)
}
