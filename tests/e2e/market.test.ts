import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { journeyScreens } from './journey'
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
let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
let screens: ReturnType<typeof journeyScreens>
const pageErrors: string[] = []

beforeAll(async () => {
  gateway = await startGateway()
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  screens = journeyScreens(page, gateway.url, 'market')
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

describe('market depth on a phone', () => {
  it('finds a stock in Japanese, watches it, reorders the watchlist and opens it', async () => {
    await screens.login(gateway.config.demoAccount, gateway.config.demoPassword)
    await searchAddReorderOpen(page)
    await screens.shot('stock')
  })

  it('switches chart intervals, adjustment and the sub chart without a reload', async () => {
    await switchChartIntervalsAndAdjust(page)
    await screens.shot('chart')
  })

  it('opens the order book and the time & sales with VWAP', async () => {
    await openOrderBook(page)
    await screens.shot('tape')
  })

  it('reads a news item, filters by category and says so for an unknown one', async () => {
    await readNewsItem(page)
    await screens.shot('news')
    await page.evaluate(() => (window.location.hash = '#/news/index'))
    await page.getByTestId('news-category-market').click()
    // The tab is kept in the address, and the market overviews written at start are there.
    await expect.poll(() => new URL(page.url()).hash).toBe('#/news/index?category=market')
    await page.getByTestId('news-item').first().waitFor()
    expect(await page.getByTestId('news-item').count()).toBeGreaterThanOrEqual(3)
    await page.evaluate(() => (window.location.hash = '#/news/info?id=999999999'))
    await page.getByRole('alert').first().waitFor()
    expect(await page.getByTestId('news-article').count()).toBe(0)
  })

  it('opens each market summary page from home', async () => {
    await openEachMarketPage(page)
    await screens.shot('markets')
    expect(pageErrors).toEqual([])
  })
})
