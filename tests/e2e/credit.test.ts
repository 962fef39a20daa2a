import { describe, expect, it } from 'vitest'
import { createCreditJobs } from '../../gateway/src/broker/trading/credit-jobs'
import { phoneJourney } from './journey'
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

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = await fetch(`${j.gateway.url}/api/ops/ledger/check`, {
      headers: { authorization: `Bearer ${j.gateway.config.opsToken}` },
    }).then((r) => r.json())
    expect(check).toMatchObject({ status: 1, data: { ok: true } })
    expect(j.pageErrors).toEqual([])
  })
})
