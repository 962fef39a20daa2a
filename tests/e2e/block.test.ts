import type { BlockOffer, BlockOrder } from '@kabu/shared/api/block'
import { describe, expect, it } from 'vitest'
import { userinfoOf } from './identity-api'
import { phoneJourney, units } from './journey'
import { approvePending, opsCall } from './ops'
import { shotInEveryLanguage } from './steps/languages'
import { brokerInPage } from './user-api'

/**
 * Issue 13's block-trade journey on a phone against a real gateway: the demo account (identity
 * verified over the API, a fund password set) opens an operator's 立会外分売 offer from the home
 * screen, asks for one lot after a confirmation that shows the amount, sees it pending; the window
 * closes, the operator approves, the screen hears the decision and the holding is on Positions.
 */
// The demo's fund password (DEMO_FUND_PASSWORD's default), which it starts with.
const FUND_PASSWORD = '135790'
const HOUR = 3_600_000

const j = phoneJourney('block', {
  TIME_TRAVEL: '1',
  REVIEW_POLICY: 'manual',
  ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
})
let offer: BlockOffer

const brokerCall = <T>(path: string, form: Record<string, string>) =>
  brokerInPage<T>(j.page, j.gateway.url, path, form)

describe('block-trade journey on a 390×844 phone', () => {
  it('logs in as the demo account, verified and with a fund password', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
    // The demo starts verified and with its fund password (issue 15).
    expect(await userinfoOf(j.page, j.gateway.url, 'jpy')).toMatchObject({
      verified: 2,
      fund_password_set: true,
    })
  })

  it('finds the operator’s offer from the home screen', async () => {
    const clock = (await opsCall(j.gateway, 'GET', '/clock')) as { now: string }
    offer = (await opsCall(j.gateway, 'POST', '/block', {
      code: '7203',
      lots: 10,
      max_lots: 5,
      closes_at: Date.parse(clock.now) + HOUR,
    })) as BlockOffer
    await j.page.reload()
    await j.page.getByTestId('home-block').click()
    await expect.poll(j.screens.hashPath).toBe('/home/large')
    await j.page.getByTestId(`block-offer-${offer.id}`).waitFor()
    // The simulator's offers beside it, in TSE's window before the open (issue 34 item 9).
    await shotInEveryLanguage(j.page, j.screens.shot, '01-offers', `block-offer-${offer.id}`)
    await j.page.getByTestId(`block-offer-${offer.id}`).click()
    await expect.poll(j.screens.hashPath).toBe('/home/largeInfo')
  })

  it('asks for one lot after a confirmation that shows the amount; the cash is held', async () => {
    const before = await userinfoOf(j.page, j.gateway.url, 'jpy')
    await j.page.getByTestId('block-num').fill('100')
    await j.page.getByTestId('block-fund-password').fill(FUND_PASSWORD)
    await j.page.getByTestId('block-submit').click()
    await j.page.getByTestId('block-confirm').waitFor()
    const amount = await j.page.getByTestId('block-confirm-amount').textContent()
    // The confirmation shows price × shares (formatted: digits and a decimal point).
    expect(Number(amount?.replace(/[^\d.]/g, ''))).toBe(Number(offer.price) * 100)
    await j.screens.shot('02-confirm')
    await j.page.getByTestId('block-confirm').click()
    await j.page.getByTestId('block-verdict-pending').waitFor({ timeout: 15_000 })
    await j.screens.shot('03-pending')
    const after = await userinfoOf(j.page, j.gateway.url, 'jpy')
    expect(units(before.jpy) - units(after.jpy)).toBe(units(offer.price) * 100n)
  })

  it('the window closes, the operator approves, the screen hears it; the holding is on Positions', async () => {
    const closes = new Date(offer.closes_at + 1_000).toISOString()
    await opsCall(j.gateway, 'POST', '/clock', { at: closes })
    await approvePending(j.gateway, 'block', j.gateway.config.demoAccount)
    await j.page.getByTestId('block-verdict-approved').waitFor({ timeout: 20_000 })
    await j.screens.shot('04-approved')
    const [order] = await brokerCall<BlockOrder[]>('/trade/userblocklist', {
      type: 'jpy',
      status: 'decided',
    })
    expect(order).toMatchObject({ status: 1, allocated: 100 })
    // Issue 34 item 9: a filled request read "拘束 ¥669,600 約定" (held … filled); it says it paid.
    await j.screens.open('/home/large3', `block-order-${order!.id}`)
    const line = j.page.getByTestId(`block-order-${order!.id}`)
    expect(await line.textContent()).toContain('約定代金')
    expect(await line.textContent()).not.toContain('拘束')
    await shotInEveryLanguage(j.page, j.screens.shot, '04b-filled', `block-order-${order!.id}`)
    await j.screens.open('/position/index', `holding-${order!.holding_id}`)
    await j.screens.shot('05-position')
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = (await opsCall(j.gateway, 'GET', '/ledger/check')) as { ok: boolean }
    expect(check.ok).toBe(true)
    expect(j.pageErrors).toEqual([])
  })
})
