import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Opens /news/index (on a page already showing the app), opens the first article of the list and
 * checks it is the one chosen, in full: its headline, a body, and the simulated mark when the list
 * showed one.
 */
export async function readNewsItem(page: Page): Promise<void> {
  await page.evaluate(() => (window.location.hash = '#/news/index'))
  const first = page.getByTestId('news-item').first()
  await first.waitFor({ timeout: 15_000 })
  const headline = (await first.locator('.MuiListItemText-primary').textContent())?.trim() ?? ''
  expect(headline.length).toBeGreaterThan(0)
  const simulated = (await first.getByTestId('news-simulated').count()) > 0
  await first.click()

  const article = page.getByTestId('news-article')
  await article.waitFor({ timeout: 15_000 })
  expect(new URL(page.url()).hash).toMatch(/^#\/news\/info\?id=\d+$/)
  expect((await article.getByTestId('news-title').textContent())?.trim()).toBe(headline)
  expect(await article.locator('p').count()).toBeGreaterThan(0)
  expect(await article.getByTestId('news-simulated').count()).toBe(simulated ? 1 : 0)
  expect(await page.getByRole('alert').count()).toBe(0)
}
