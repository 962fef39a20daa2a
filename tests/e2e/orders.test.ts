import { describe, expect, it } from 'vitest'
import en from '../../client/src/i18n/locales/en'
import ja from '../../client/src/i18n/locales/ja'
import zhCN from '../../client/src/i18n/locales/zh-CN'
import { phoneJourney } from './journey'
import { buyAndOpenHolding } from './steps/holding'
import { opsCall, setClock } from './ops'
import { walletsOf } from './user-api'

/**
 * Issue 35's orders on a phone against a real gateway: the demo account places a stop buy (逆指値)
 * from the ticket with a validity date, reads it back in words before confirming, finds it in
 * 注文中 waiting for its trigger, amends the trigger in 注文照会 and cancels it, its cash free again;
 * then an IFD whose exit waits for the entry, cancelled with it; then an OCO on a holding.
 */
const CODE = '7203'
const j = phoneJourney('orders', { MARKET_HOURS: 'always', TIME_TRAVEL: '1' })
const TEXTS = { ja, 'zh-CN': zhCN, en }
const shot = (name: string) => j.screens.shot(name)
const jpy = async () => (await walletsOf(j.page, j.gateway.url)).JPY!
let orderId = ''

/** The ticket's field as a number (the stepper shows the last price at first). */
const shown = async (testId: string) =>
  Number((await j.page.getByTestId(testId).inputValue()).replace(/,/g, ''))

describe('orders on a 390×844 phone', () => {
  it('logs in as the demo account', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
  })

  it('places a stop buy above the market with a date, read back in words first', async () => {
    const before = await jpy()
    await j.screens.open(`/quotes/info?code=${CODE}`, 'buy-open')
    await j.page.getByTestId('buy-open').click()
    await j.page.getByTestId('order-kind-stop').click()
    // Toyota's yen ticks are at most a yen here: 5 % over the last price, in whole yen, is on the
    // grid and far enough above that the simulated market will not reach it meanwhile.
    const trigger = Math.floor((await shown('order-trigger')) * 1.05)
    await j.page.getByTestId('order-trigger').fill(String(trigger))
    await j.page.getByTestId('order-validity').selectOption({ index: 2 })
    await expect.poll(() => j.page.getByTestId('order-total').textContent()).toMatch(/\d/)
    await shot('01-stop-ticket')
    await j.page.getByTestId('order-review').click()
    const summary = await j.page.getByTestId('order-summary').textContent()
    expect(summary).toContain(`${trigger.toLocaleString('en')} 以上になったら成行で 100 株買う`)
    expect(summary).toMatch(/\d+\/\d+ まで$/)
    await j.page.getByTestId('confirm-stop-hold').waitFor()
    await shot('02-stop-confirm')
    expect((await jpy()).frozen).toBe(before.frozen)
    await j.page.getByTestId('order-confirm').click()
    const outcome = j.page.getByTestId('order-outcome')
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 }).toBe('waiting')
    expect(await outcome.textContent()).toContain(ja['stock.order.outcome.waiting'])
    const shownTrigger = await j.page.getByTestId('order-outcome-trigger').textContent()
    expect(shownTrigger).toContain(trigger.toLocaleString('en'))
    expect(Number((await jpy()).frozen)).toBeGreaterThan(Number(before.frozen))
  })

  it('shows it in 注文照会 waiting for its trigger, in every language', async () => {
    await j.page.getByTestId('order-view-position').click()
    await expect.poll(j.screens.hashPath).toBe('/position/order')
    orderId = new URL(j.page.url().replace('#', '')).searchParams.get('id') ?? ''
    await j.screens.shotInLanguages('03-order-info', async (locale) => {
      const status = j.page.getByTestId('order-status')
      await expect.poll(() => status.getAttribute('data-status')).toBe('waiting')
      expect(await status.textContent()).toBe(TEXTS[locale]['stock.orders.status.waiting'])
    })
  })

  it('amends the trigger after reading the amended order back', async () => {
    await j.page.getByTestId('amend-open').click()
    const field = j.page.getByTestId('amend-trigger')
    const higher = Number(await field.inputValue()) + 10
    await field.fill(String(higher))
    await j.page.getByTestId('amend-review').click()
    await expect
      .poll(() => j.page.getByTestId('amend-sentence').textContent())
      .toContain(higher.toLocaleString('en'))
    await shot('04-amend-confirm')
    await j.page.getByTestId('amend-confirm').click()
    await j.page.getByTestId('order-notice').waitFor()
    await expect
      .poll(() => j.page.getByTestId('order-info-sentence').textContent())
      .toContain(higher.toLocaleString('en'))
  })

  it('lists it under 注文中 apart from holdings, and cancels it with its cash freed', async () => {
    await j.screens.open('/position/index', 'positions-tab-orders')
    await j.page.getByTestId('positions-tab-orders').click()
    const row = j.page.getByTestId(`order-${orderId}`)
    await row.waitFor()
    expect(await row.getAttribute('data-kind')).toBe('stop')
    await shot('05-orders-tab')
    await row.click()
    const frozenBefore = Number((await jpy()).frozen)
    await j.page.getByTestId('order-cancel-open').click()
    await j.page.getByTestId('order-cancel-confirm').click()
    const status = j.page.getByTestId('order-status')
    await expect.poll(() => status.getAttribute('data-status')).toBe('cancelled')
    expect(Number((await jpy()).frozen)).toBeLessThan(frozenBefore)
  })

  it('places an IFD whose exit waits for the entry, and cancelling the entry ends both', async () => {
    await j.screens.open(`/quotes/info?code=${CODE}`, 'buy-open')
    await j.page.getByTestId('buy-open').click()
    await j.page.getByTestId('order-kind-limit').click()
    const last = await shown('order-price')
    await j.page.getByTestId('order-price').fill(String(Math.floor(last * 0.92)))
    await j.page.getByTestId('order-exits').selectOption('ifd')
    await j.page.getByTestId('order-exit-price').fill(String(Math.floor(last * 1.05)))
    await shot('06-ifd-ticket')
    await j.page.getByTestId('order-review').click()
    expect(await j.page.getByTestId('order-summary').textContent()).toContain('約定したら')
    await j.page.getByTestId('order-confirm').click()
    const outcome = j.page.getByTestId('order-outcome')
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 }).toBe('pending')
    await j.page.getByTestId('order-view-position').click()
    await j.page.getByTestId('order-cancel-open').click()
    await j.page.getByTestId('order-cancel-confirm').click()
    await expect
      .poll(() => j.page.getByTestId('order-status').getAttribute('data-status'))
      .toBe('cancelled')
    await j.screens.open('/position/index', 'positions-tab-orders')
    await j.page.getByTestId('positions-tab-orders').click()
    const ended = j.page.getByTestId('orders-ended')
    await expect
      .poll(() => ended.locator('[data-testid^="order-"]').count())
      .toBeGreaterThanOrEqual(3)
    expect(await j.page.getByTestId('positions-list-orders').locator('[data-kind]').count()).toBe(0)
  })

  it('puts an OCO on a holding: two legs of one group under 注文中', async () => {
    await buyAndOpenHolding(j, CODE)
    // Past the 15-minute sell lock.
    const { now } = (await opsCall(j.gateway, 'GET', '/clock')) as { now: string }
    await setClock(j.gateway, new Date(Date.parse(now) + 16 * 60_000).toISOString())
    await j.page.getByTestId('sell-kind-oco').click()
    const last = Number(await j.page.getByTestId('sell-limit').inputValue())
    await j.page.getByTestId('sell-limit').fill(String(Math.ceil(last * 1.05)))
    await j.page.getByTestId('sell-trigger').fill(String(Math.floor(last * 0.95)))
    // Good for three trading days: the picker offers the calendar's days, as the buy ticket does.
    await j.page.getByTestId('sell-validity').selectOption({ index: 2 })
    await j.page.getByTestId('sell-open').click()
    const sentence = () => j.page.getByTestId('sell-sentence').textContent()
    await expect.poll(sentence).toContain('以下になったら成行で 100 株売る')
    await expect.poll(sentence).toMatch(/\d+\/\d+.* まで$/)
    await shot('07-oco-confirm')
    await j.page.getByTestId('sell-confirm').click()
    await j.page.getByTestId('sell-closing').waitFor({ timeout: 15_000 })
    await j.screens.open('/position/index', 'positions-tab-orders')
    await j.page.getByTestId('positions-tab-orders').click()
    const legs = j.page.getByTestId('positions-list-orders').locator('[data-kind]')
    await expect.poll(() => legs.count()).toBe(2)
    await shot('08-oco-legs')
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = (await opsCall(j.gateway, 'GET', '/ledger/check')) as { ok: boolean }
    expect(check.ok).toBe(true)
    expect(j.pageErrors).toEqual([])
  })
})
