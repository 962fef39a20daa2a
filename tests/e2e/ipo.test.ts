import type { IpoOffer } from '@kabu/shared/api/ipo'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { userinfoOf } from './identity-api'
import { journeyScreens } from './journey'
import { opsCall } from './ops'

/**
 * Issue 13's new-share journey on a phone against a real gateway: the demo account (identity
 * verified over the API) opens an operator's offer from the home screen, sees the draw's
 * commitment, applies after a confirmation; the clock moves past the window and the operator
 * draws; the screen hears it, shows the win and the verify view (recomputed on the phone), the
 * user pays after a confirmation, and on listing day the shares are a holding on Positions.
 */
const HOUR = 3_600_000
const DAY = 24 * HOUR

let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
let screens: ReturnType<typeof journeyScreens>
let offer: IpoOffer
let now = 0
const pageErrors: string[] = []

beforeAll(async () => {
  gateway = await startGateway({
    TIME_TRAVEL: '1',
    REVIEW_POLICY: 'manual',
    IPO_JOB_MS: '500',
    ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
  })
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  screens = journeyScreens(page, gateway.url, 'ipo')
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

describe('new-share journey on a 390×844 phone', () => {
  it('logs in as the demo account, verified', async () => {
    await screens.login(gateway.config.demoAccount, gateway.config.demoPassword)
    // The demo starts verified and with its fund password (issue 15).
    expect(await userinfoOf(page, gateway.url, 'jpy')).toMatchObject({
      verified: 2,
      fund_password_set: true,
    })
  })

  it('finds the operator’s offer from the home screen and sees its commitment', async () => {
    const clock = (await opsCall(gateway, 'GET', '/clock')) as { now: string }
    now = Date.parse(clock.now)
    offer = (await opsCall(gateway, 'POST', '/ipo', {
      code: 'E2E1',
      type: 'jpy',
      name: { ja: '検証公開', zh: '验证新股', en: 'Verify Offer' },
      price: '1000',
      lot: 100,
      per_user_limit: 300,
      lots_offered: 5,
      subscribe_start: now - HOUR,
      subscribe_end: now + HOUR,
      lottery_at: now + 2 * HOUR,
      pay_deadline: now + DAY,
      listing_at: now + 2 * DAY,
      underwriter: 'E2E Securities',
      summary: { ja: '概要', zh: '概要', en: 'Summary' },
    })) as IpoOffer
    await page.reload()
    await page.getByTestId('home-ipo').click()
    await expect.poll(screens.hashPath).toBe('/home/newShare')
    await page.getByTestId(`ipo-offer-${offer.id}`).click()
    await expect.poll(screens.hashPath).toBe('/home/newShareInfo')
    await expect
      .poll(() => page.getByTestId('ipo-commitment').textContent())
      .toContain(offer.commitment ?? 'missing')
    await screens.shot('01-offer')
  })

  it('applies after a confirmation and waits for the draw', async () => {
    await page.getByTestId('ipo-num').fill('200')
    await page.getByTestId('ipo-subscribe').click()
    await page.getByTestId('ipo-confirm').click()
    await expect
      .poll(() => page.getByTestId('ipo-info').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('awaitingDraw')
    await screens.shot('02-awaiting')
  })

  it('hears the draw, shows the win and the verify view, and pays after a confirmation', async () => {
    await opsCall(gateway, 'POST', '/clock', { at: new Date(now + 2 * HOUR).toISOString() })
    await opsCall(gateway, 'POST', `/ipo/${offer.id}/draw`).catch(() => undefined)
    await expect
      .poll(() => page.getByTestId('ipo-info').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('won')
    await page.getByTestId('ipo-verify-ok').waitFor()
    await screens.shot('03-won-verified')
    await page.getByTestId('ipo-pay').click()
    await page.getByTestId('ipo-confirm').click()
    await expect
      .poll(() => page.getByTestId('ipo-info').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('paymentSuccess')
    await screens.shot('04-paid')
  })

  it('on listing day the shares are a holding on Positions', async () => {
    await opsCall(gateway, 'POST', '/clock', { at: new Date(now + 2 * DAY + HOUR).toISOString() })
    await screens.open('/position/index', 'positions-line-newShares')
    await page.getByTestId('positions-line-newShares').click()
    await page.getByTestId('positions-ipo-ended').click()
    await page.getByTestId('positions-ipo-list-ended').getByText('E2E1').waitFor()
    await page.getByTestId('positions-line-stocks').click()
    await page.getByTestId('positions-list-open').getByText('E2E1').waitFor({ timeout: 20_000 })
    await screens.shot('05-holding')
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = (await opsCall(gateway, 'GET', '/ledger/check')) as { ok: boolean }
    expect(check.ok).toBe(true)
    expect(pageErrors).toEqual([])
  })
})
