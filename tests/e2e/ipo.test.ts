import type { IpoOffer } from '@kabu/shared/api/ipo'
import { describe, expect, it } from 'vitest'
import { userinfoOf } from './identity-api'
import { phoneJourney } from './journey'
import { opsCall } from './ops'
import { shotInEveryLanguage } from './steps/languages'
import { brokerInPage } from './user-api'

/**
 * Issue 13's new-share journey on a phone against a real gateway: the demo account (identity
 * verified over the API) opens an operator's offer from the home screen, sees the draw's
 * commitment, applies after a confirmation; the clock moves past the window and the operator
 * draws; the screen hears it, shows the win and the verify view (recomputed on the phone), the
 * user pays after a confirmation, and on listing day the shares are a holding on Positions, the
 * offer saying so with a way to the holding. A second offer won and left unpaid lapses at its
 * deadline (issue 34 items 6 and 7, each shot in the three languages).
 */
const HOUR = 3_600_000
const DAY = 24 * HOUR

const j = phoneJourney('ipo', {
  TIME_TRAVEL: '1',
  REVIEW_POLICY: 'manual',
  IPO_JOB_MS: '500',
  ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
})
let offer: IpoOffer
/** Won with the first and left unpaid: it lapses at its deadline. */
let unpaid: IpoOffer
let now = 0

describe('new-share journey on a 390×844 phone', () => {
  it('logs in as the demo account, verified', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
    // The demo starts verified and with its fund password (issue 15).
    expect(await userinfoOf(j.page, j.gateway.url, 'jpy')).toMatchObject({
      verified: 2,
      fund_password_set: true,
    })
  })

  it('finds the operator’s offer from the home screen and sees its commitment', async () => {
    const clock = (await opsCall(j.gateway, 'GET', '/clock')) as { now: string }
    now = Date.parse(clock.now)
    const body = (code: string, en: string) => ({
      code,
      type: 'jpy',
      name: { ja: '検証公開', zh: '验证新股', en },
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
    })
    offer = (await opsCall(j.gateway, 'POST', '/ipo', body('E2E1', 'Verify Offer'))) as IpoOffer
    unpaid = (await opsCall(j.gateway, 'POST', '/ipo', body('E2E2', 'Unpaid Offer'))) as IpoOffer
    // Applied for over the API: its screens are this journey's first offer's.
    await brokerInPage(j.page, j.gateway.url, '/trade/subscribe', {
      id: unpaid.id,
      num: '100',
      idem: `e2e-unpaid-${now}`,
    })
    await j.page.reload()
    await j.page.getByTestId('home-ipo').click()
    await expect.poll(j.screens.hashPath).toBe('/home/newShare')
    await j.page.getByTestId(`ipo-offer-${offer.id}`).click()
    await expect.poll(j.screens.hashPath).toBe('/home/newShareInfo')
    await expect
      .poll(() => j.page.getByTestId('ipo-commitment').textContent())
      .toContain(offer.commitment ?? 'missing')
    await j.screens.shot('01-offer')
  })

  it('applies after a confirmation and waits for the draw', async () => {
    await j.page.getByTestId('ipo-num').fill('200')
    await j.page.getByTestId('ipo-subscribe').click()
    await j.page.getByTestId('ipo-confirm').click()
    await expect
      .poll(() => j.page.getByTestId('ipo-info').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('awaitingDraw')
    await j.screens.shot('02-awaiting')
  })

  it('hears the draw, shows the win and the verify view, and pays after a confirmation', async () => {
    await opsCall(j.gateway, 'POST', '/clock', { at: new Date(now + 2 * HOUR).toISOString() })
    await opsCall(j.gateway, 'POST', `/ipo/${offer.id}/draw`).catch(() => undefined)
    await opsCall(j.gateway, 'POST', `/ipo/${unpaid.id}/draw`).catch(() => undefined)
    await expect
      .poll(() => j.page.getByTestId('ipo-info').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('won')
    await j.page.getByTestId('ipo-verify-ok').waitFor()
    await j.screens.shot('03-won-verified')
    await j.page.getByTestId('ipo-pay').click()
    await j.page.getByTestId('ipo-confirm').click()
    await expect
      .poll(() => j.page.getByTestId('ipo-info').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('paymentSuccess')
    await j.screens.shot('04-paid')
  })

  it('on listing day the shares are a holding on Positions', async () => {
    await opsCall(j.gateway, 'POST', '/clock', { at: new Date(now + 2 * DAY + HOUR).toISOString() })
    await j.screens.open('/position/index', 'positions-line-newShares')
    await j.page.getByTestId('positions-line-newShares').click()
    await j.page.getByTestId('positions-ipo-ended').click()
    await j.page.getByTestId('positions-ipo-list-ended').getByText('E2E1').waitFor()
    await j.page.getByTestId('positions-line-stocks').click()
    await j.page.getByTestId('positions-list-open').getByText('E2E1').waitFor({ timeout: 20_000 })
    await j.screens.shot('05-holding')
  })

  // Issue 34 item 7: after listing the offer still said the shares "will become" a holding.
  it('the listed offer says its shares became a holding, and leads to it', async () => {
    await j.screens.open(`/home/newShareInfo?id=${offer.id}`, 'ipo-outcome')
    await j.page.getByTestId('ipo-to-holding').waitFor()
    expect(await j.page.getByTestId('ipo-outcome').textContent()).toContain('保有株になりました')
    await shotInEveryLanguage(j.page, j.screens.shot, '06-listed', 'ipo-to-holding')
    await j.page.getByTestId('ipo-to-holding').click()
    await expect.poll(j.screens.hashPath).toBe('/position/info')
  })

  // Issue 34 item 6: won, left unpaid past the deadline, it read 辞退しました (you declined).
  it('the offer won and left unpaid past its deadline says it lapsed', async () => {
    await j.screens.open(`/home/newShareInfo?id=${unpaid.id}`, 'ipo-info')
    await expect
      .poll(() => j.page.getByTestId('ipo-info').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('lapsed')
    expect(await j.page.getByTestId('ipo-outcome').textContent()).toContain('失効')
    await shotInEveryLanguage(j.page, j.screens.shot, '07-lapsed', 'ipo-outcome')
  })

  it('leaves the ledger consistent and the page without errors', async () => {
    const check = (await opsCall(j.gateway, 'GET', '/ledger/check')) as { ok: boolean }
    expect(check.ok).toBe(true)
    expect(j.pageErrors).toEqual([])
  })
})
