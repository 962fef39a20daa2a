import type { BlockOffer, BlockOrder } from '@kabu/shared/api/block'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { userinfoOf } from './identity-api'
import { journeyScreens, units } from './journey'
import { approvePending, opsCall } from './ops'

/**
 * Issue 13's block-trade journey on a phone against a real gateway: the demo account (identity
 * verified over the API, a fund password set) opens an operator's 立会外分売 offer from the home
 * screen, asks for one lot after a confirmation that shows the amount, sees it pending; the window
 * closes, the operator approves, the screen hears the decision and the holding is on Positions.
 */
// The demo's fund password (DEMO_FUND_PASSWORD's default), which it starts with.
const FUND_PASSWORD = '135790'
const HOUR = 3_600_000

let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
let screens: ReturnType<typeof journeyScreens>
let offer: BlockOffer
const pageErrors: string[] = []

beforeAll(async () => {
  gateway = await startGateway({
    TIME_TRAVEL: '1',
    REVIEW_POLICY: 'manual',
    ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
  })
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  screens = journeyScreens(page, gateway.url, 'block')
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

const vueCall = async <T>(path: string, form: Record<string, string>): Promise<T> =>
  page.evaluate(
    async ({ url, path, form }) => {
      const res = await fetch(`${url}/api/vue${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          token: localStorage.getItem('tokend') ?? '',
          account: localStorage.getItem('account') ?? '',
        },
        body: new URLSearchParams(form).toString(),
      })
      return ((await res.json()) as { data: unknown }).data
    },
    { url: gateway.url, path, form },
  ) as Promise<T>

describe('block-trade journey on a 390×844 phone', () => {
  it('logs in as the demo account, verified and with a fund password', async () => {
    await screens.login(gateway.config.demoAccount, gateway.config.demoPassword)
    // The demo starts verified and with its fund password (issue 15).
    expect(await userinfoOf(page, gateway.url, 'jpy')).toMatchObject({
      verified: 2,
      fund_password_set: true,
    })
  })

  it('finds the operator’s offer from the home screen', async () => {
    const clock = (await opsCall(gateway, 'GET', '/clock')) as { now: string }
    offer = (await opsCall(gateway, 'POST', '/block', {
      code: '7203',
      lots: 10,
      max_lots: 5,
      closes_at: Date.parse(clock.now) + HOUR,
    })) as BlockOffer
    await page.reload()
    await page.getByTestId('home-block').click()
    await expect.poll(screens.hashPath).toBe('/home/large')
    await page.getByTestId(`block-offer-${offer.id}`).waitFor()
    await screens.shot('01-offers')
    await page.getByTestId(`block-offer-${offer.id}`).click()
    await expect.poll(screens.hashPath).toBe('/home/largeInfo')
  })

  it('asks for one lot after a confirmation that shows the amount; the cash is held', async () => {
    const before = await userinfoOf(page, gateway.url, 'jpy')
    await page.getByTestId('block-num').fill('100')
    await page.getByTestId('block-fund-password').fill(FUND_PASSWORD)
    await page.getByTestId('block-submit').click()
    await page.getByTestId('block-confirm').waitFor()
    const amount = await page.getByTestId('block-confirm-amount').textContent()
    // The confirmation shows price × shares (formatted: digits and a decimal point).
    expect(Number(amount?.replace(/[^\d.]/g, ''))).toBe(Number(offer.price) * 100)
    await screens.shot('02-confirm')
    await page.getByTestId('block-confirm').click()
    await page.getByTestId('block-verdict-pending').waitFor({ timeout: 15_000 })
    await screens.shot('03-pending')
    const after = await userinfoOf(page, gateway.url, 'jpy')
    expect(units(before.jpy) - units(after.jpy)).toBe(units(offer.price) * 100n)
  })

  it('the window closes, the operator approves, the screen hears it; the holding is on Positions', async () => {
    const closes = new Date(offer.closes_at + 1_000).toISOString()
    await opsCall(gateway, 'POST', '/clock', { at: closes })
    await approvePending(gateway, 'block', gateway.config.demoAccount)
    await page.getByTestId('block-verdict-approved').waitFor({ timeout: 20_000 })
    await screens.shot('04-approved')
    const [order] = await vueCall<BlockOrder[]>('/trade/userblocklist', {
      type: 'jpy',
      status: 'decided',
    })
    expect(order).toMatchObject({ status: 1, allocated: 100 })
    await screens.open('/position/index', `holding-${order!.holding_id}`)
    await screens.shot('05-position')
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = (await opsCall(gateway, 'GET', '/ledger/check')) as { ok: boolean }
    expect(check.ok).toBe(true)
    expect(pageErrors).toEqual([])
  })
})
