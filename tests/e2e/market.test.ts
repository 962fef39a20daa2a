import { describe, expect, it } from 'vitest'
import { phoneJourney } from './journey'
import { switchChartIntervalsAndAdjust } from './steps/chart'
import { openOrderBook } from './steps/depth'
import { searchAddReorderOpen } from './steps/finding'
import { openEachMarketPage } from './steps/markets'
import { readNewsItem } from './steps/news'

/**
 * Issue 5's walk on a 390×844 phone against a real gateway, as the demo user: search a stock in
 * Japanese, add it to the watchlist, reorder, open it, switch intervals and adjustment, open the
 * order book and the tape, read a news item, open each market summary page. Each step lives in
 * tests/e2e/steps beside the part it checks; the page must raise no error on the way.
 */
const j = phoneJourney('market')

describe('market depth on a phone', () => {
  it('finds a stock in Japanese, watches it, reorders the watchlist and opens it', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
    await searchAddReorderOpen(j.page)
    await j.screens.shot('stock')
  })

  it('switches chart intervals, adjustment and the sub chart without a reload', async () => {
    await switchChartIntervalsAndAdjust(j.page)
    await j.screens.shot('chart')
  })

  it('opens the order book and the time & sales with VWAP', async () => {
    await openOrderBook(j.page)
    await j.screens.shot('tape')
  })

  it('reads a news item, filters by category and says so for an unknown one', async () => {
    await readNewsItem(j.page)
    await j.screens.shot('news')
    await j.page.evaluate(() => (window.location.hash = '#/news/index'))
    await j.page.getByTestId('news-category-market').click()
    // The tab is kept in the address, and the market overviews written at start are there.
    await expect.poll(() => new URL(j.page.url()).hash).toBe('#/news/index?category=market')
    await j.page.getByTestId('news-item').first().waitFor()
    expect(await j.page.getByTestId('news-item').count()).toBeGreaterThanOrEqual(3)
    await j.page.evaluate(() => (window.location.hash = '#/news/info?id=999999999'))
    await j.page.getByRole('alert').first().waitFor()
    expect(await j.page.getByTestId('news-article').count()).toBe(0)
  })

  it('opens each market summary page from home', async () => {
    await openEachMarketPage(j.page)
    await j.screens.shot('markets')
    expect(j.pageErrors).toEqual([])
  })
})
