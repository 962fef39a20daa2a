import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Levels per side the book must show (issue 5: at least 5). */
const MIN_LEVELS = 5

/**
 * On an open stock detail (a stock, not an index, away from its daily limits): opens the 板 tab and
 * checks the ladder has at least five asks and five bids with the best bid below the best ask, then
 * the 歩み値 tab and checks it shows prints under a VWAP.
 */
export async function openOrderBook(page: Page): Promise<void> {
  await page.getByTestId('stock-tab-book').click()
  const book = page.getByTestId('order-book')
  await book.waitFor({ timeout: 15_000 })
  await expect
    .poll(() => book.getByTestId('book-ask').count(), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(MIN_LEVELS)
  expect(await book.getByTestId('book-bid').count()).toBeGreaterThanOrEqual(MIN_LEVELS)
  await book.getByTestId('book-spread').waitFor()
  // Asks run from the highest down to the best ask, right above the spread; bids start below it.
  const number = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))
  const bestAsk = number(
    await book.getByTestId('book-ask').last().getByTestId('book-price').textContent(),
  )
  const bestBid = number(
    await book.getByTestId('book-bid').first().getByTestId('book-price').textContent(),
  )
  expect(bestBid).toBeGreaterThan(0)
  expect(bestBid).toBeLessThan(bestAsk)

  await page.getByTestId('stock-tab-tape').click()
  const tape = page.getByTestId('time-and-sales')
  await tape.waitFor({ timeout: 15_000 })
  await expect
    .poll(async () => number(await tape.getByTestId('tape-vwap').textContent()), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0)
  expect(await tape.getByTestId('tape-row').count()).toBeGreaterThan(0)
}
