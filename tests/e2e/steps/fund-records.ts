import { addDays } from '@kabu/shared/market/iso-date'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { fundLinesOf } from '../user-api'

/**
 * The money journey's records (issue 34 items 5 and 12): the withdrawal's timeline and the fund
 * records' lines, balances and filters, each against what the journey did.
 */

/** The paid withdrawal's timeline: submitted, approved and paid, each at 10:xx on `bankDay`. */
export async function expectWithdrawalTimeline(page: Page, bankDay: string): Promise<void> {
  const records = page.getByTestId('withdraw-records')
  const steps = records.locator('ol[aria-label="timeline"] li')
  // The banner says paid: so does the timeline, with the payment's time (issue 34 item 12).
  await expect.poll(() => steps.count(), { timeout: 10_000 }).toBe(3)
  const [submitted, approved, paid] = await steps.allTextContents()
  // Times shown on the Tokyo clock: the gateway's moved clock, 10:00 on the bank day.
  const day = bankDay.replaceAll('-', '/')
  expect(submitted).toMatch(new RegExp(`申請.*${day} 10:\\d\\d`))
  expect(approved).toMatch(new RegExp(`承認.*${day} 10:\\d\\d`))
  expect(paid).toMatch(new RegExp(`支払い.*${day} 10:\\d\\d`))
  const text = await records.textContent()
  expect(text).toContain('50,000')
  expect(text).toContain('みずほ銀行')
}

/** The yen wallet's ledger lines: the deposit, the exchange, the withdrawal's freeze and pay. */
export async function expectYenFundLines(page: Page, url: string): Promise<void> {
  const lines = await fundLinesOf(page, url, 'jpy')
  // Both lines of the freeze share one transaction and instant, so their order is not asserted.
  const seen = lines.map((l) => [l.kind, l.book, l.money, l.balance_after].join(' '))
  expect(seen.toSorted()).toEqual(
    [
      'withdraw_pay frozen -50000 0',
      'withdraw_freeze frozen 50000 50000',
      'withdraw_freeze available -50000 350000',
      'fx available -100000 400000',
      'deposit available 500000 500000',
    ].toSorted(),
  )
  expect(seen[0]).toBe('withdraw_pay frozen -50000 0')
  expect(seen.at(-1)).toBe('deposit available 500000 500000')
}

/** The yen records screen's `rows`: every kind's label, and each line's balance its own book's. */
export async function expectYenRecords(rows: Locator): Promise<void> {
  await expect.poll(() => rows.textContent()).toContain('入金')
  const text = (await rows.textContent()) ?? ''
  for (const label of ['入金', '両替', '出金拘束', '出金支払', '500,000', '350,000']) {
    expect(text, label).toContain(label)
  }
  // Each line's balance is its own book's: the paid withdrawal left nothing held, which is not
  // "balance ¥0" beside ¥350,000 available (issue 34 item 5).
  const balances = await rows.getByTestId('records-balance').allTextContents()
  expect(balances[0]).toMatch(/^拘束中の合計 [¥￥]0$/)
  expect(balances.filter((b) => /^残高/.test(b))).toEqual([])
  expect(balances.filter((b) => /^利用可能残高 [¥￥]350,000$/.test(b))).toHaveLength(1)
}

/** The records' filters: by kind (exchange only), then by days counted in Tokyo, then cleared. */
export async function filterRecords(page: Page, rows: Locator, bankDay: string): Promise<void> {
  await page.getByTestId('records-kind-fx').click()
  await expect.poll(() => rows.textContent()).not.toContain('入金')
  expect(await rows.textContent()).toContain('100,000')

  // Days, counted in Tokyo: the bank day holds the withdrawal's lines; the day after, nothing.
  await page.getByTestId('records-kind-all').click()
  await page.getByTestId('records-from').fill(bankDay)
  await page.getByTestId('records-to').fill(bankDay)
  await expect.poll(() => rows.textContent()).toContain('出金支払')
  const dayAfter = addDays(bankDay, 1)
  await page.getByTestId('records-to').fill(dayAfter)
  await page.getByTestId('records-from').fill(dayAfter)
  await expect.poll(() => rows.count()).toBe(0)
  await page.getByTestId('records-days-clear').click()
  await expect.poll(() => rows.textContent()).toContain('入金')
}
