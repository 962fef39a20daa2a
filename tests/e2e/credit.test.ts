import { listingByCode } from '@kabu/shared/market/listings/index'
import { describe, expect, it } from 'vitest'
import { creditJobsAt } from '../support/credit-jobs'
import { phoneJourney } from './journey'
import { approvePending } from './ops'
import { fundLinesOf, walletsOf } from './user-api'

/**
 * Stock credit on a 390×844 phone against a real gateway (issue 14): the demo account buys Toyota
 * on credit ×3 after reading every threshold on the ticket, sees what the position owes and its
 * maintenance ratio, hears a margin call when the price falls (the gateway's own credit job, run
 * with a price 30 % down: the one part of the world a phone cannot play), adds trust funds after a
 * confirmation, and sees them applied once the operator approves. Then it sells Toyota short on
 * credit (信用新規売り, issue 35) from the stock page, finds the short in Positions with its chip,
 * and buys it back (返済買い) from its detail until it shows closed.
 */
const CODE = '7203'

const j = phoneJourney('credit', {
  TIME_TRAVEL: '1',
  MARKET_HOURS: 'always',
  REVIEW_POLICY: 'manual',
  // The gateway's own credit job (every 5 s by default) values the position at the real price and
  // lifts the journey's call moments after it is made: the phone then shows it for less than a
  // busy machine takes to look. Here the journey's job (below) is the only one that runs.
  CREDIT_JOB_MS: '3600000',
})
let holdingId = ''
let shortId = ''
let frozenBeforeShort = ''
const TOYOTA = listingByCode(CODE)!.name.ja

describe('stock credit journey on a 390×844 phone', () => {
  it('logs in as the demo account', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
  })

  it('reads the credit terms on the ticket and buys on credit ×3 after the confirmation', async () => {
    await j.screens.open(`/quotes/info?code=${CODE}`, 'quote-price')
    await j.page.getByTestId('buy-open').click()
    await j.page.getByTestId('order-lots').waitFor()
    await j.page.getByTestId('order-leverage-3').click()
    const rules = j.page.getByTestId('credit-rules')
    await rules.waitFor()
    await expect.poll(() => j.page.getByTestId('credit-margin').textContent()).toMatch(/\d/)
    expect(await rules.textContent()).toContain('20.0 %')
    // The least 委託保証金 that opens credit, as /common/config publishes it.
    expect(await j.page.getByTestId('credit-min-margin').textContent()).toContain('300,000')
    await j.screens.shot('01-credit-terms')

    await j.page.getByTestId('order-review').click()
    await j.page.getByTestId('confirm-debt').waitFor()
    const margin = await j.page.getByTestId('confirm-margin').textContent()
    const total = await j.page.getByTestId('confirm-total').textContent()
    expect(margin).toMatch(/\d/)
    await j.screens.shot('02-credit-confirm')
    const before = (await walletsOf(j.page, j.gateway.url)).JPY!.available
    await j.page.getByTestId('order-confirm').click()
    const outcome = j.page.getByTestId('order-outcome')
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 }).toBe('holding')
    // Only the margin and the fee left the wallet: what the ledger's lines of the buy took, and
    // the total the confirmation showed, at the price then. A market order fills at the price of
    // its execution, and Toyota prints every second or so: a tick or two away at most.
    const after = (await walletsOf(j.page, j.gateway.url)).JPY!.available
    const taken = Number(before) - Number(after)
    const [newest, ...older] = await fundLinesOf(j.page, j.gateway.url, 'jpy')
    const buyLines = [newest!, ...older].filter(
      (line) => line.order_no === newest!.order_no && line.book === 'available',
    )
    expect(-buyLines.reduce((sum, line) => sum + Number(line.money), 0)).toBeCloseTo(taken, 0)
    const shown = Number(total!.replace(/[^\d.]/g, ''))
    expect(Math.abs(taken - shown) / shown).toBeLessThan(0.01)
  })

  it('shows what the position owes and its maintenance ratio', async () => {
    await j.page.getByTestId('order-view-position').click()
    await expect.poll(j.screens.hashPath).toBe('/position/info')
    holdingId = new URL(j.page.url().replace('#', '')).searchParams.get('id') ?? ''
    const panel = j.page.getByTestId('credit-panel')
    await panel.waitFor()
    expect(await j.page.getByTestId('detail-leverage').textContent()).toBe('×3')
    expect(await j.page.getByTestId('credit-debt-now').textContent()).toMatch(/\d/)
    expect(await j.page.getByTestId('credit-ratio').textContent()).toMatch(/%.*20 %/)
    await j.screens.shot('03-credit-position')
  })

  it('hears the margin call when the price falls 30 %', async () => {
    const { app } = j.gateway
    const jobs = creditJobsAt(
      app,
      (quote) => Math.round(quote.price * 0.7),
      (user, e) => app.userHub.emit(user, e),
    )
    await jobs.runOnce()
    const call = j.page.getByTestId('credit-call')
    await call.waitFor({ timeout: 15_000 })
    // The push carries the trust funds due at the fallen price: more than nothing (whole yen).
    expect(await call.textContent()).toMatch(/[¥￥][1-9][\d,]*/)
    expect(await j.page.getByTestId('credit-panel').getAttribute('data-state')).toMatch(/^called\./)
    await j.screens.shot('04-margin-call')
  })

  it('adds trust funds after a confirmation and sees them applied once approved', async () => {
    const debtBefore = await j.page.getByTestId('credit-debt-now').textContent()
    await j.page.getByTestId('trust-amount').fill('50000')
    await j.page.getByTestId('trust-add').click()
    await j.page.getByTestId('trust-confirm').waitFor()
    await j.screens.shot('05-trust-confirm')
    await j.page.getByTestId('trust-confirm-button').click()
    await j.page.getByTestId('trust-pending').waitFor({ timeout: 15_000 })
    await approvePending(j.gateway, 'credit', j.gateway.config.demoAccount)
    await j.page.getByTestId('trust-applied').waitFor({ timeout: 15_000 })
    await expect
      .poll(() => j.page.getByTestId('credit-trust-funds').textContent(), { timeout: 15_000 })
      .toMatch(/50,000/)
    expect(await j.page.getByTestId('credit-debt-now').textContent()).not.toBe(debtBefore)
    await j.page.getByTestId('trust-requests').waitFor()
    await j.screens.shot('06-trust-applied')
    expect(holdingId).toMatch(/^\d+$/)
  })

  it('sells Toyota short on credit ×3 from the stock page after reading the order back', async () => {
    await j.screens.open(`/quotes/info?code=${CODE}`, 'quote-price')
    const openTicket = async () => {
      await j.page.getByTestId('short-open').click()
      await expect.poll(() => j.page.getByTestId('short-margin').textContent()).toMatch(/\d/)
    }
    // The ticket in every language: the borrow fee at the published rate, the margin rules.
    await j.screens.shotInLanguages('07-short-ticket', openTicket)
    const rate = new Intl.NumberFormat('ja', { style: 'percent', maximumFractionDigits: 3 })
    const published = rate.format(Number(j.gateway.app.config.trading.borrowFeeRate))
    expect(await j.page.getByTestId('short-borrow-fee').textContent()).toContain(published)
    expect(await j.page.getByTestId('short-min-margin').textContent()).toContain('300,000')
    expect(await j.page.getByTestId('short-price-rule').textContent()).toMatch(/10%.*50/)
    await j.page.getByTestId('short-leverage-3').click()
    await j.page.getByTestId('short-review').click()
    const summary = await j.page.getByTestId('short-summary').textContent()
    expect(summary).toBe(`${CODE} ${TOYOTA} 100 株を成行で信用新規売りします（信用 ×3）`)
    const total = Number(
      (await j.page.getByTestId('confirm-total').textContent())!.replace(/\D/g, ''),
    )
    await j.screens.shot('08-short-confirm-ja')
    const before = (await walletsOf(j.page, j.gateway.url)).JPY!
    frozenBeforeShort = before.frozen
    await j.page.getByTestId('short-confirm').click()
    const outcome = j.page.getByTestId('short-outcome')
    await expect.poll(() => outcome.getAttribute('data-state')).toBe('opened')
    // The margin and the sale's fee left the available cash; the margin is held in frozen.
    const after = (await walletsOf(j.page, j.gateway.url)).JPY!
    const taken = Number(before.available) - Number(after.available)
    expect(Math.abs(taken - total) / total).toBeLessThan(0.01)
    expect(Number(after.frozen)).toBeGreaterThan(Number(before.frozen))
  })

  it('shows the short with its margin held and ratio, and a buy-to-cover instead of a sell', async () => {
    await j.page.getByTestId('short-view-position').click()
    await expect.poll(j.screens.hashPath).toBe('/position/info')
    shortId = new URL(j.page.url().replace('#', '')).searchParams.get('id') ?? ''
    await j.page.getByTestId('cover-panel').waitFor()
    expect(await j.page.getByTestId('holding-side').textContent()).toBe('売建')
    expect(await j.page.getByTestId('sell-panel').count()).toBe(0)
    expect(await j.page.getByTestId('credit-ratio').textContent()).toMatch(/%.*20 %/)
    expect(await j.page.getByTestId('credit-margin-held').textContent()).toMatch(/[1-9]/)
    await j.page.getByTestId('trust-amount').waitFor()
    expect(await j.page.getByTestId('cover-cost').textContent()).toMatch(/[1-9]/)
    await j.screens.shot('08-short-position', true)
    // The stock page's Sell still opens the one holding owned: a short is no lot to sell.
    await j.screens.open(`/quotes/info?code=${CODE}`, 'stock-sell')
    // Sell, Sell short and Buy share the bar evenly, their words on one line in every language.
    await j.screens.shotInLanguages('08-stock-bar', 'short-open')
    const bar = await j.page.getByTestId('short-open').boundingBox()
    expect(bar!.height).toBeLessThan(60)
    await j.page.getByTestId('stock-sell').click()
    await expect
      .poll(() => new URL(j.page.url().replace('#', '')).searchParams.get('id'))
      .toBe(holdingId)
  })

  it('lists the short in Positions with its chip, in every language', async () => {
    await j.screens.open('/position/index', `holding-${shortId}`)
    await j.screens.shotInLanguages('09-positions-short', async () => {
      const row = j.page.getByTestId(`holding-${shortId}`)
      await row.getByTestId('holding-side').waitFor()
      await row.scrollIntoViewIfNeeded()
    })
    const row = j.page.getByTestId(`holding-${shortId}`)
    expect(await row.getByTestId('holding-side').textContent()).toBe('売建')
  })

  it('buys it back from its detail after the order is read back, and sees it closed', async () => {
    await j.page.getByTestId(`holding-${shortId}`).click()
    await j.screens.shotInLanguages('10-cover-confirm', async () => {
      await j.page.getByTestId('cover-open').click()
      await j.page.getByTestId('cover-sentence').waitFor()
    })
    expect(await j.page.getByTestId('cover-sentence').textContent()).toBe(
      `${CODE} ${TOYOTA} 100 株を成行で買い戻します（返済買い）`,
    )
    await j.page.getByTestId('cover-confirm').click()
    await j.page.getByTestId('cover-done').waitFor()
    const status = j.page.getByTestId('holding-status').first()
    await expect.poll(() => status.getAttribute('data-status')).toBe('4')
    expect(await j.page.getByTestId('detail-sell-price').textContent()).toMatch(/[1-9]/)
    await j.screens.shot('11-covered')
    await j.screens.open('/position/index', 'positions-tab-ended')
    await j.page.getByTestId('positions-tab-ended').click()
    const row = j.page.getByTestId(`holding-${shortId}`)
    await row.waitFor()
    expect(await row.getByTestId('holding-status').getAttribute('data-status')).toBe('4')
    expect(await row.getByTestId('holding-side').count()).toBe(1)
    await j.screens.shot('12-short-ended')
    // Its margin is no longer held.
    expect((await walletsOf(j.page, j.gateway.url)).JPY!.frozen).toBe(frozenBeforeShort)
  })

  it('tells the credit buy, the short and its cover apart in 注文照会, in every language', async () => {
    await j.screens.open('/position/index', 'positions-tab-orders')
    await j.page.getByTestId('positions-tab-orders').click()
    const ended = j.page.getByTestId('orders-ended')
    const label = (trade: string) =>
      ended.locator(`[data-trade="${trade}"]`).first().getByTestId('order-trade').textContent()
    await ended.locator('[data-trade="cover"]').first().waitFor()
    expect(await label('cover')).toBe('信用返済買')
    expect(await label('short')).toBe('信用新規売')
    expect(await label('marginBuy')).toBe('信用新規買')
    // A reload opens Positions on its holdings: the orders tab again, in each language.
    await j.screens.shotInLanguages('13-orders-credit', async () => {
      await j.page.getByTestId('positions-tab-orders').click()
      await ended.locator('[data-trade="short"]').first().scrollIntoViewIfNeeded()
    })
    await ended.locator('[data-trade="short"]').first().click()
    await expect.poll(() => j.page.getByTestId('order-info-trade').textContent()).toBe('信用新規売')
    expect(await j.page.getByTestId('order-info-sentence').textContent()).toContain(
      '信用で新規売りする',
    )
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = await fetch(`${j.gateway.url}/api/ops/ledger/check`, {
      headers: { authorization: `Bearer ${j.gateway.config.opsToken}` },
    }).then((r) => r.json())
    expect(check).toMatchObject({ status: 1, data: { ok: true } })
    expect(j.pageErrors).toEqual([])
  })
})
