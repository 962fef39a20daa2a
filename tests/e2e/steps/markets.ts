import type { Page } from 'playwright-core'
import { expect } from 'vitest'

const PAGES = [
  'indicators',
  'sectors',
  'short-selling',
  'investors',
  'year-range',
  'companies',
] as const

/** Pages whose figures are simulated, and must say so. */
const SIMULATED = new Set<string>(['short-selling', 'investors'])

/**
 * Opens each market summary page from home's links (a logged-in page on the app): each loads its
 * figures (no error, no endless skeleton), the simulated ones carry their note, and back returns
 * home for the next link.
 */
export async function openEachMarketPage(page: Page): Promise<void> {
  for (const name of PAGES) {
    await page.evaluate(() => (window.location.hash = '#/home/home'))
    const link = page.getByTestId(`markets-link-${name}`)
    await link.waitFor({ timeout: 15_000 })
    await link.click()
    const screen = page.getByTestId(`markets-page-${name}`)
    await screen.waitFor()
    await expect.poll(() => screen.getByText(/\d/).count(), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await screen.getByTestId('retry').count(), name).toBe(0)
    expect(await page.getByTestId('markets-simulated-note').count(), name).toBe(
      SIMULATED.has(name) ? 1 : 0,
    )
  }
  // The indicators add up: advancers and decliners are among the stocks counted.
  await page.evaluate(() => (window.location.hash = '#/markets/indicators?market=jp'))
  await page.getByTestId('markets-advancers').waitFor()
  const figure = async (id: string) =>
    Number(((await page.getByTestId(id).textContent()) ?? '').replace(/\D/g, ''))
  const moved = (await figure('markets-advancers')) + (await figure('markets-decliners'))
  expect(moved).toBeLessThanOrEqual(await figure('markets-stocks'))
}
