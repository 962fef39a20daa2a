import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCreditJobs } from '../../gateway/src/broker/trading/credit-jobs'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { journeyScreens } from './journey'
import { approvePending } from './ops'
import { fundLinesOf, walletsOf } from './user-api'

/**
 * Stock credit on a 390×844 phone against a real gateway (issue 14): the demo account buys Toyota
 * on credit ×3 after reading every threshold on the ticket, sees what the position owes and its
 * maintenance ratio, hears a margin call when the price falls (the gateway's own credit job, run
 * with a price 30 % down: the one part of the world a phone cannot play), adds trust funds after a
 * confirmation, and sees them applied once the operator approves.
 */
const CODE = '7203'

let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
let screens: ReturnType<typeof journeyScreens>
let holdingId = ''
const pageErrors: string[] = []

beforeAll(async () => {
  gateway = await startGateway({
    TIME_TRAVEL: '1',
    MARKET_HOURS: 'always',
    REVIEW_POLICY: 'manual',
  })
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  screens = journeyScreens(page, gateway.url, 'credit')
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

describe('stock credit journey on a 390×844 phone', () => {
  it('logs in as the demo account', async () => {
    await screens.login(gateway.config.demoAccount, gateway.config.demoPassword)
  })

  it('reads the credit terms on the ticket and buys on credit ×3 after the confirmation', async () => {
    await screens.open(`/quotes/info?code=${CODE}`, 'quote-price')
    await page.getByTestId('buy-open').click()
    await page.getByTestId('order-lots').waitFor()
    await page.getByTestId('order-leverage-3').click()
    const rules = page.getByTestId('credit-rules')
    await rules.waitFor()
    await expect.poll(() => page.getByTestId('credit-margin').textContent()).toMatch(/\d/)
    expect(await rules.textContent()).toContain('20.0 %')
    await screens.shot('01-credit-terms')

    await page.getByTestId('order-review').click()
    await page.getByTestId('confirm-debt').waitFor()
    const margin = await page.getByTestId('confirm-margin').textContent()
    const total = await page.getByTestId('confirm-total').textContent()
    expect(margin).toMatch(/\d/)
    await screens.shot('02-credit-confirm')
    const before = (await walletsOf(page, gateway.url)).JPY!.available
    await page.getByTestId('order-confirm').click()
    const outcome = page.getByTestId('order-outcome')
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 }).toBe('holding')
    // Only the margin and the fee left the wallet: what the ledger's lines of the buy took, and
    // the total the confirmation showed, at the price then. A market order fills at the price of
    // its execution, and Toyota prints every second or so: a tick or two away at most.
    const after = (await walletsOf(page, gateway.url)).JPY!.available
    const taken = Number(before) - Number(after)
    const [newest, ...older] = await fundLinesOf(page, gateway.url, 'jpy')
    const buyLines = [newest!, ...older].filter(
      (line) => line.order_no === newest!.order_no && line.book === 'available',
    )
    expect(-buyLines.reduce((sum, line) => sum + Number(line.money), 0)).toBeCloseTo(taken, 0)
    const shown = Number(total!.replace(/[^\d.]/g, ''))
    expect(Math.abs(taken - shown) / shown).toBeLessThan(0.01)
  })

  it('shows what the position owes and its maintenance ratio', async () => {
    await page.getByTestId('order-view-position').click()
    await expect.poll(screens.hashPath).toBe('/position/info')
    holdingId = new URL(page.url().replace('#', '')).searchParams.get('id') ?? ''
    const panel = page.getByTestId('credit-panel')
    await panel.waitFor()
    expect(await page.getByTestId('detail-leverage').textContent()).toBe('×3')
    expect(await page.getByTestId('credit-debt-now').textContent()).toMatch(/\d/)
    expect(await page.getByTestId('credit-ratio').textContent()).toMatch(/%.*20 %/)
    await screens.shot('03-credit-position')
  })

  it('hears the margin call when the price falls 30 %', async () => {
    const { app } = gateway
    const jobs = createCreditJobs({
      db: app.db,
      clock: app.clock,
      ledger: app.broker.ledger,
      settings: app.config.trading,
      messages: app.broker.messages,
      userEvents: app.userHub,
      market: {
        snapshot: (code) => {
          const quote = app.market.snapshot(code)
          return quote && { ...quote, price: Math.round(quote.price * 0.7) }
        },
      },
      everyMs: 3_600_000,
      onError: () => undefined,
    })
    await jobs.runOnce()
    const call = page.getByTestId('credit-call')
    await call.waitFor({ timeout: 15_000 })
    // The push carries the trust funds due at the fallen price: more than nothing (whole yen).
    expect(await call.textContent()).toMatch(/[¥￥][1-9][\d,]*/)
    expect(await page.getByTestId('credit-panel').getAttribute('data-state')).toMatch(/^called\./)
    await screens.shot('04-margin-call')
  })

  it('adds trust funds after a confirmation and sees them applied once approved', async () => {
    const debtBefore = await page.getByTestId('credit-debt-now').textContent()
    await page.getByTestId('trust-amount').fill('50000')
    await page.getByTestId('trust-add').click()
    await page.getByTestId('trust-confirm').waitFor()
    await screens.shot('05-trust-confirm')
    await page.getByTestId('trust-confirm-button').click()
    await page.getByTestId('trust-pending').waitFor({ timeout: 15_000 })
    await approvePending(gateway, 'credit', gateway.config.demoAccount)
    await page.getByTestId('trust-applied').waitFor({ timeout: 15_000 })
    await expect
      .poll(() => page.getByTestId('credit-trust-funds').textContent(), { timeout: 15_000 })
      .toMatch(/50,000/)
    expect(await page.getByTestId('credit-debt-now').textContent()).not.toBe(debtBefore)
    await page.getByTestId('trust-requests').waitFor()
    await screens.shot('06-trust-applied')
    expect(holdingId).toMatch(/^\d+$/)
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = await fetch(`${gateway.url}/api/ops/ledger/check`, {
      headers: { authorization: `Bearer ${gateway.config.opsToken}` },
    }).then((r) => r.json())
    expect(check).toMatchObject({ status: 1, data: { ok: true } })
    expect(pageErrors).toEqual([])
  })
})
