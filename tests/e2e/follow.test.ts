import type { Product, ProductOrder } from '@kabu/shared/api/follow'
import { isTradingDay } from '@kabu/shared/market/calendar'
import { addDays, dayOfWeek } from '@kabu/shared/market/iso-date'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { describe, expect, it } from 'vitest'
import { userinfoOf } from './identity-api'
import { phoneJourney, units } from './journey'
import { opsCall, setClock } from './ops'

/**
 * Issue 14's follow-product journey on a phone against a real gateway: the demo account finds an
 * operator's product from the home screen, reads its figures, the lock-up and the rounding rule,
 * follows it with ¥300,000 after a confirmation; the clock moves past the day's accrual time, the
 * products job (on its own timer) pays the day, and the screen still open hears it (the /user push)
 * and shows the day's profit, exact by the rule, as do the order's record and Positions' tab.
 */
// The demo's fund password (DEMO_FUND_PASSWORD's default), which it starts with.
const FUND_PASSWORD = '135790'
const DAY = 86_400_000

/** The next Monday (after tomorrow) whose week is a plain trading week in Tokyo. */
function plainMonday(): string {
  let date = localDate('jp', Date.now() + 2 * DAY)
  while (
    dayOfWeek(date) !== 1 ||
    ![0, 1, 2, 3, 4].every((k) => isTradingDay('jp', addDays(date, k)))
  )
    date = addDays(date, 1)
  return date
}
const MONDAY = plainMonday()
const tokyo = (date: string, minutes: number) =>
  new Date(epochAtLocal('jp', date, minutes)).toISOString()

const j = phoneJourney('follow', {
  TIME_TRAVEL: '1',
  REVIEW_POLICY: 'manual',
  PRODUCT_JOB_MS: '500',
  ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
})
let product: Product
let order: ProductOrder

const myOrders = async (): Promise<ProductOrder[]> =>
  j.page.evaluate(
    async ({ url }) => {
      const res = await fetch(`${url}/api/vue/trade/userproductlist`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          token: localStorage.getItem('tokend') ?? '',
          account: localStorage.getItem('account') ?? '',
        },
        body: 'type=jpy',
      })
      return ((await res.json()) as { data: ProductOrder[] }).data
    },
    { url: j.gateway.url },
  )

describe('follow-product journey on a 390×844 phone', () => {
  it('logs in as the demo account on a Monday morning in Tokyo, with a fund password', async () => {
    await setClock(j.gateway, tokyo(MONDAY, 10 * 60))
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
    // The demo starts verified and with its fund password (issue 15).
    expect(await userinfoOf(j.page, j.gateway.url, 'jpy')).toMatchObject({
      verified: 2,
      fund_password_set: true,
    })
  })

  it('finds the operator’s product from the home screen, with every figure and the rule', async () => {
    product = (await opsCall(j.gateway, 'POST', '/products', {
      type: 'jpy',
      issuer_code: 'journey-quant',
      issuer: 'Journey Quant',
      name: { ja: 'ジャーニー戦略', zh: '旅程策略', en: 'Journey strategy' },
      daily_rate: '0.0012',
      min: '100000',
      capacity: '5000000',
      lock_days: 1,
      deadline: Date.parse(tokyo(addDays(MONDAY, 4), 16 * 60)),
    })) as Product
    await j.page.reload()
    await j.page.getByTestId('home-follow').click()
    await expect.poll(j.screens.hashPath).toBe('/home/follow')
    await j.page.getByTestId(`follow-product-${product.id}`).waitFor()
    await j.screens.shot('01-products')
    await j.page.getByTestId(`follow-product-${product.id}`).click()
    await j.page.getByTestId('follow-figures').waitFor()
    await j.page.getByTestId('follow-lock-note').waitFor()
    expect(await j.page.getByTestId('follow-rounding').textContent()).toBeTruthy()
    expect(await j.page.getByTestId('follow-rate').textContent()).toContain('0.12')
    await j.screens.shot('02-product')
  })

  it('follows it with ¥300,000 after a confirmation; the order is locked', async () => {
    const before = await userinfoOf(j.page, j.gateway.url, 'jpy')
    await j.page.getByTestId('follow-amount').fill('300000')
    await j.page.getByTestId('follow-fund-password').fill(FUND_PASSWORD)
    // Five days at 0.12 % of ¥300,000: ¥1,800 at most by the deadline.
    expect(await j.page.getByTestId('follow-estimate').textContent()).toContain('1,800')
    await j.page.getByTestId('follow-buy-button').click()
    await j.page.getByTestId('follow-confirm').waitFor()
    await j.screens.shot('03-confirm')
    await j.page.getByTestId('follow-confirm').click()
    await j.page
      .locator('[data-testid="follow-order"][data-state="locked"]')
      .waitFor({ timeout: 15_000 })
    await j.screens.shot('04-locked')
    const after = await userinfoOf(j.page, j.gateway.url, 'jpy')
    expect(units(before.jpy) - units(after.jpy)).toBe(units('300000'))
    order = (await myOrders())[0]!
    expect(order).toMatchObject({ status: 0, state: 'locked', principal: '300000', profit: '0' })
  })

  it('the clock passes the day’s accrual time: the job pays the day, the open screen hears it', async () => {
    // Tuesday 11:00: Monday's 15:30 accrual is due, and the lock-up of one day is over. The
    // phone stays on the product's screen: the job (its own timer) pays the day and the /user push
    // product:updated reloads the order there.
    await setClock(j.gateway, tokyo(addDays(MONDAY, 1), 11 * 60))
    const arrived = j.page.locator('[data-testid="follow-order"][data-state="following"]')
    await arrived.waitFor({ timeout: 20_000 })
    expect(await j.page.getByTestId('follow-order-profit').textContent()).toContain('360')
    expect(await j.page.getByTestId('follow-accruals').textContent()).toContain(MONDAY)
    await j.screens.shot('05-day-profit')
    expect((await myOrders())[0]).toMatchObject({ profit: '360', money: '300360', days: 1 })
    await j.screens.open(`/mine/followOrder?id=${order.id}`, 'follow-order')
    expect(await j.page.getByTestId('follow-order-money').textContent()).toContain('300,360')
    await j.screens.shot('06-order')
  })

  it('Positions lists the order in progress with the day’s profit', async () => {
    await j.screens.open('/position/index', 'positions-line-follow')
    await j.page.getByTestId('positions-line-follow').click()
    await j.page.getByTestId(`follow-order-${order.id}`).waitFor()
    expect(await j.page.getByTestId(`follow-order-profit-${order.id}`).textContent()).toContain(
      '360',
    )
    await j.screens.shot('07-positions')
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = (await opsCall(j.gateway, 'GET', '/ledger/check')) as { ok: boolean }
    expect(check.ok).toBe(true)
    expect(j.pageErrors).toEqual([])
  })
})
