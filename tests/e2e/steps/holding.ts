import { expect } from 'vitest'
import type { PhoneJourney } from '../journey'

/**
 * Buys one lot of `code` at the market from its stock page, waits for the holding, and opens it
 * (ポジション詳細, where its sell ticket is).
 */
export async function buyAndOpenHolding(j: PhoneJourney, code: string): Promise<void> {
  await j.screens.open(`/quotes/info?code=${code}`, 'buy-open')
  await j.page.getByTestId('buy-open').click()
  await j.page.getByTestId('order-review').click()
  await j.page.getByTestId('order-confirm').click()
  const outcome = j.page.getByTestId('order-outcome')
  await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 }).toBe('holding')
  await j.page.getByTestId('order-view-position').click()
}
