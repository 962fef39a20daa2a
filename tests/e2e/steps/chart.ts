import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * The chart container of either style: candles (`chart-candles`) or the time-share line
 * (`chart-intraday`). Its data attributes say what it drew: `data-view` is
 * `interval:range:adjust:sub`, `data-state` is loading | ready | empty | error, `data-bars` the
 * number of bars drawn and `data-last-close` the close shown in the legend.
 */
const chartOf = (page: Page): Locator =>
  page.locator('[data-testid="chart-candles"], [data-testid="chart-intraday"]').first()

/** Waits until the chart shows `view` (a prefix of data-view is enough) with bars drawn. */
async function drawn(page: Page, view: RegExp): Promise<{ bars: number; close: string }> {
  const chart = chartOf(page)
  await expect.poll(() => chart.getAttribute('data-view'), { timeout: 15_000 }).toMatch(view)
  await expect.poll(() => chart.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready')
  await expect
    .poll(async () => Number(await chart.getAttribute('data-bars')), { timeout: 15_000 })
    .toBeGreaterThan(0)
  // lightweight-charts draws into canvases: a drawn chart has them laid out with a size.
  const box = await chart.locator('canvas').first().boundingBox()
  expect(box?.width ?? 0).toBeGreaterThan(100)
  return {
    bars: Number(await chart.getAttribute('data-bars')),
    close: (await chart.getAttribute('data-last-close')) ?? '',
  }
}

/**
 * On an open stock detail page: switches the chart to 5 minutes, day and week, then to forward
 * adjustment, the MACD and BOLL sub charts, then to the year, and checks after each click that the chart drew what was
 * asked (its view, bars and legend), without a page load.
 */
export async function switchChartIntervalsAndAdjust(page: Page): Promise<void> {
  // The chart may sit behind a tab of the stock screen (with the order book and company data).
  const chartTab = page.getByTestId('stock-tab-chart')
  if (await chartTab.isVisible()) await chartTab.click()
  const loads: string[] = []
  const onLoad = () => loads.push(page.url())
  page.on('load', onLoad)
  try {
    await page.getByTestId('chart-interval-5m').click()
    const fiveMinutes = await drawn(page, /^5m:1W:none:/)
    await page.getByTestId('chart-interval-1d').click()
    const days = await drawn(page, /^1d:6M:none:/)
    // Half a year of days is not a week of 5-minute bars: the chart really changed.
    expect(days.bars).not.toBe(fiveMinutes.bars)
    await page.getByTestId('chart-interval-1w').click()
    const weeks = await drawn(page, /^1w:1Y:none:/)
    expect(weeks.bars).toBeGreaterThanOrEqual(40)
    expect(weeks.bars).toBeLessThanOrEqual(60)
    await page.getByTestId('chart-adjust-forward').click()
    // Forward adjustment keeps the latest bar as traded: the same last close as unadjusted.
    const forward = await drawn(page, /^1w:1Y:forward:/)
    expect(forward.bars).toBe(weeks.bars)
    await page.getByTestId('chart-sub-macd').click()
    await drawn(page, /^1w:1Y:forward:macd$/)
    await expect
      .poll(() => page.getByTestId('chart-legend-sub').textContent(), { timeout: 10_000 })
      .toMatch(/DIF.*DEA.*MACD/)
    await expect
      .poll(() => page.getByTestId('chart-legend-main').textContent(), { timeout: 10_000 })
      .toMatch(/MA5.*MA10.*MA20/)
    // BOLL's bands are prices, grouped like every price (Toyota trades in the thousands of yen).
    await page.getByTestId('chart-sub-boll').click()
    await drawn(page, /^1w:1Y:forward:boll$/)
    await expect
      .poll(() => page.getByTestId('chart-legend-sub').textContent(), { timeout: 10_000 })
      .toMatch(/UPPER \d,\d{3}/)
    // Spec §2's year period: a bar per calendar year of the simulator's year of history.
    await page.getByTestId('chart-interval-1y').click()
    const years = await drawn(page, /^1y:1Y:forward:/)
    expect(years.bars).toBeGreaterThanOrEqual(1)
    expect(years.bars).toBeLessThanOrEqual(3)
  } finally {
    page.off('load', onLoad)
  }
  expect(loads).toEqual([])
}
