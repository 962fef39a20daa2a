import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { HOLDING } from '@kabu/shared/api/trade'
import type { WireTaxSummary } from '@kabu/shared/api/tax'
import { addDays } from '@kabu/shared/market/iso-date'
import type { TestApp } from '../support/app'
import { action, actionsJobAt, handClock, hourInto, tomorrow } from '../api/actions.support'
import { phoneJourney } from './journey'
import { expectReportCsv, expectReportPage, expectTaxScreen } from './steps/tax'
import { brokerInPage } from './user-api'

/**
 * Issue 36's dividends on a phone against a real gateway: a dividend of one of the demo's first
 * buys (NTT) goes ex tomorrow and is paid three days on, played by the corporate-actions job on a
 * clock the journey sets; 配当金 under Mine shows it expected, then paid net of 20.315 %, in every
 * language, and another market's list is empty; the stock page names the next ex-date. Then a
 * sale at a gain in the 特定口座 源泉徴収あり: 税金 under Mine shows the year as /user/taxSummary gives
 * it, and the 年間取引報告書 page and its CSV hold the same rows and totals, in every language.
 */
// Sales are allowed at once: the journey sells one of the demo's first buys, made as it started.
const j = phoneJourney('dividends', { SELL_LOCK_MINUTES: '0' })
const NTT = '9432'
const TEPCO = '9501'

describe('dividends journey on a 390×844 phone', () => {
  it('shows a dividend expected from the record date, then paid with its withholding', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
    const t = { app: j.gateway.app } as TestApp
    const ex = tomorrow(t)
    const clock = handClock(hourInto('jp', ex))
    const dividend = action({
      code: NTT,
      kind: 'dividend',
      exDate: ex,
      recordDate: addDays(ex, 1),
      payDate: addDays(ex, 3),
      cash: 2.6,
    })
    const job = actionsJobAt(t, clock, () => [dividend])
    await job.runOnce()

    await j.screens.open('/mine/index', 'open-panel')
    await j.page.getByTestId('open-panel').click()
    await j.page.getByTestId('panel-dividends').click()
    await expect.poll(j.screens.hashPath).toBe('/mine/dividends')
    const row = j.page.getByTestId('dividend-row').first()
    await row.waitFor({ timeout: 15_000 })
    expect(await row.textContent()).toContain('支払予定')
    await j.screens.shot('01-expected')

    clock.set(hourInto('jp', addDays(ex, 3)))
    await job.runOnce()
    await j.page.reload()
    await row.waitFor({ timeout: 15_000 })
    // ¥260 on 100 shares: ¥39 national (15.315 %), ¥13 local, ¥208 received.
    expect(await row.textContent()).toContain('支払済')
    expect(await j.page.getByTestId('dividend-net').first().textContent()).toContain('208')
    await j.screens.shotInLanguages('02-paid', 'dividend-row')

    await j.page.getByTestId('dividends-market-usd').click()
    await j.page.getByRole('status').first().waitFor()
    await j.screens.shot('03-empty')
    expect(j.pageErrors).toEqual([])
  })

  it('shows the year’s tax, its annual report and CSV as /user/taxSummary gives them', async () => {
    const { app, url, config } = j.gateway
    // The market's rise a phone cannot wait for: the demo's TEPCO lot is made a purchase at half
    // today's price, so selling it at the market is a gain the account withholds on.
    const lot = await app.db
      .selectFrom('holdings')
      .innerJoin('users', 'users.id', 'holdings.user_id')
      .select('holdings.id')
      .where((eb) => eb(eb.fn('lower', ['users.account']), '=', config.demoAccount.toLowerCase()))
      .where('holdings.code', '=', TEPCO)
      .where('holdings.status', '=', BigInt(HOLDING.holding))
      .executeTakeFirstOrThrow()
    const price = BigInt(Math.round((app.market.snapshot(TEPCO)?.price ?? 0) * 10_000))
    await app.db
      .updateTable('holdings')
      .set({ buy_price: (price / 20_000n) * 10_000n, buy_cost: null })
      .where('id', '=', lot.id)
      .execute()
    await brokerInPage(j.page, url, '/trade/sell', {
      id: String(lot.id),
      num: '100',
      idem: randomUUID(),
    })
    const year = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 4)
    const s = await brokerInPage<WireTaxSummary>(j.page, url, '/user/taxSummary', { year })
    expect(s.account).toBe('tokutei_withholding')
    expect(s.lines).toContainEqual(expect.objectContaining({ kind: 'sale', code: TEPCO }))
    expect(Number(s.withheld_national)).toBeGreaterThan(0)

    await j.screens.open('/mine/index', 'open-panel')
    await j.page.getByTestId('open-panel').click()
    await j.page.getByTestId('panel-tax').click()
    await expect.poll(j.screens.hashPath).toBe('/mine/tax')
    await j.screens.shotInLanguages('05-tax', () => expectTaxScreen(j.page, s))

    await j.page.getByTestId('tax-report-open').click()
    await expect.poll(j.screens.hashPath).toBe('/mine/taxReport')
    await j.screens.shotInLanguages('06-report', (locale) => expectReportPage(j.page, s, locale))
    const download = j.page.waitForEvent('download')
    await j.page.getByTestId('tax-report-csv').click()
    await expectReportCsv(await download, s)
    expect(j.pageErrors).toEqual([])
  })

  it('shows the stock page’s next ex-date from the market’s schedule', async () => {
    await j.screens.open('/quotes/info?code=7203', 'quote-price')
    await j.page.getByTestId('stock-tab-company').click({ timeout: 15_000 })
    const next = j.page.getByTestId('company-next-ex')
    await next.waitFor({ timeout: 15_000 })
    // Toyota pays twice a year: a dividend or a split is always within the year ahead.
    expect(await next.textContent()).toMatch(/次の権利落ち日: .*(配当|株式分割)/)
    // Each language reloads the page, which opens on the book: the company tab again each time.
    await j.screens.shotInLanguages('04-next-ex', async () => {
      await j.page.getByTestId('stock-tab-company').click({ timeout: 15_000 })
      await next.waitFor({ timeout: 15_000 })
      await next.scrollIntoViewIfNeeded()
    })
    expect(j.pageErrors).toEqual([])
  })
})
