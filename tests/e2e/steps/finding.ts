import type { Page } from 'playwright-core'
import { expect } from 'vitest'

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0]

/** Goes to an app route by its hash (the page is already on the app, logged in). */
async function go(page: Page, route: string, testId: string) {
  await page.evaluate((hash) => (window.location.hash = hash), `#${route}`)
  await page.getByTestId(testId).first().waitFor()
}

/** Searches `query` as typed on a phone, opens `code` from the results and stars it. */
async function searchAndWatch(page: Page, query: string, code: string) {
  await go(page, '/quotes/search', 'search-input')
  await page.getByTestId('search-input').fill(query)
  await page.getByTestId(`search-result-${code}`).first().click()
  await expect.poll(() => hashPath(page)).toBe('/quotes/info')
  const star = page.getByTestId('watch-star')
  await expect.poll(() => star.isEnabled(), { timeout: 10_000 }).toBe(true)
  if ((await star.getAttribute('data-watched')) !== '1') await star.click()
  await expect.poll(() => star.getAttribute('data-watched')).toBe('1')
}

/** The codes of the Japanese watchlist as the screen lists them, top first. */
async function watchedCodes(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('watchlist')
    .locator('[data-testid^="watchlist-"]')
    .evaluateAll((rows) =>
      rows
        .map((r) => r.getAttribute('data-testid') ?? '')
        // Rows only: their buttons are `watchlist-remove-…`, `watchlist-up-…`.
        .filter((id) => /^watchlist-[0-9A-Z.]+$/.test(id)),
    )
  return ids.map((id) => id.slice('watchlist-'.length))
}

/**
 * Issue 5's finding steps on a logged-in page: finds ソニー by its reading in hiragana and トヨタ in
 * katakana, stars both from their detail (Toyota, starred last, tops the list), moves Toyota down
 * with the edit mode's button, checks the order survives a reload (it is the server's), and opens
 * Toyota from the watchlist.
 */
export async function searchAddReorderOpen(page: Page): Promise<void> {
  await searchAndWatch(page, 'そにー', '6758')
  await searchAndWatch(page, 'トヨタ', '7203')

  await go(page, '/quotes/self', 'watchlist')
  const before = await watchedCodes(page)
  expect(before.indexOf('7203')).toBe(0)
  expect(before.indexOf('6758')).toBeGreaterThan(0)

  await page.getByTestId('watchlist-edit').click()
  await page.getByTestId('watchlist-down-7203').click()
  const after = [...before]
  after.splice(0, 2, before[1]!, before[0]!)
  await expect.poll(() => watchedCodes(page)).toEqual(after)
  // The keyboard focus stays on Toyota's arrows, so the next press moves it again.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toMatch(/^watchlist-(up|down)-7203$/)

  // The order is the server's: a fresh load shows it too.
  await page.reload()
  await page.getByTestId('watchlist').waitFor()
  await expect.poll(() => watchedCodes(page)).toEqual(after)

  await page.getByTestId('watchlist-7203').click()
  await expect.poll(() => hashPath(page)).toBe('/quotes/info')
  expect(new URL(page.url().replace('#', '')).searchParams.get('code')).toBe('7203')
}
