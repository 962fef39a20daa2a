import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { journeyScreens } from './journey'
import { addVirtualAuthenticator } from './virtual-authenticator'
import { nextBankMorning, opsCall, setClock } from './ops'

/**
 * Issue 17's passkey journey on a phone, with Chromium's virtual authenticator (CDP WebAuthn: a
 * platform authenticator with resident keys and user verification, as a phone's): the demo user
 * adds a passkey in the security settings, logs out, logs in with the passkey alone, and makes a
 * withdrawal the passkey confirms. WebAuthn needs a secure context and a domain as relying party:
 * the page is opened on http://localhost, not 127.0.0.1.
 */
const FUND_PASSWORD = '135790'

let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
let authenticator: Awaited<ReturnType<typeof addVirtualAuthenticator>>
let url: string
let screens: ReturnType<typeof journeyScreens>
const pageErrors: string[] = []

const credentials = () => authenticator.credentials()

beforeAll(async () => {
  gateway = await startGateway({ REVIEW_POLICY: 'manual', TIME_TRAVEL: '1' })
  url = gateway.url.replace('127.0.0.1', 'localhost')
  // Withdrawals go out on bank business days, 9:00–15:30 Tokyo.
  await setClock(gateway, nextBankMorning(Date.now()).at)
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  authenticator = await addVirtualAuthenticator(page)
  screens = journeyScreens(page, url, 'passkeys')
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

describe('passkey journey on a 390×844 phone', () => {
  it('adds a passkey from the security settings, behind the fund password', async () => {
    await screens.login(gateway.config.demoAccount, gateway.config.demoPassword)
    await screens.open('/mine/index', 'open-panel')
    await page.getByTestId('open-panel').click()
    await page.getByTestId('panel-security').click()
    await expect.poll(screens.hashPath).toBe('/mine/security')
    await page.getByTestId('security-add-passkey').click()
    await page.getByTestId('security-fund-password').fill(FUND_PASSWORD)
    await screens.shot('01-add')
    await page.getByTestId('security-confirm').click()
    await page.getByTestId('security-passkeys').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('security-passkeys').getByRole('listitem').count()).toBe(1)
    const saved = await credentials()
    expect(saved).toMatchObject([{ rpId: 'localhost', isResidentCredential: true }])
    await screens.shot('02-added')
  })

  it('logs out, then logs in with the passkey alone', async () => {
    await screens.open('/mine/index', 'open-panel')
    await page.getByTestId('open-panel').click()
    await page.getByTestId('panel-logout').click()
    await expect.poll(screens.hashPath, { timeout: 10_000 }).toBe('/login/login')
    await page.getByTestId('passkey-login').waitFor()
    await page.getByTestId('account').fill('')
    await screens.shot('03-login')
    await page.getByTestId('passkey-login').click()
    await expect.poll(screens.hashPath, { timeout: 15_000 }).toBe('/home/home')
    expect(await page.evaluate(() => localStorage.getItem('account'))).toBe(
      gateway.config.demoAccount,
    )
    expect((await credentials())[0]?.signCount).toBeGreaterThan(0)
  })

  it('withdraws 20,000 yen, confirmed by the passkey', async () => {
    const before = (await credentials())[0]?.signCount ?? 0
    await screens.open('/mine/withdraw', 'withdraw-money')
    await page.getByTestId('second-factor-passkey').waitFor()
    await page.getByTestId('withdraw-money').fill('20000')
    await page.getByTestId('withdraw-fund_password').fill(FUND_PASSWORD)
    await page.getByTestId('withdraw-submit').click()
    await screens.shot('04-confirm')
    await page.getByTestId('withdraw-confirm').click()
    await expect
      .poll(() => page.getByTestId('withdraw-outcome').getAttribute('data-state'), {
        timeout: 15_000,
      })
      .toBe('pendingReview')
    await screens.shot('05-pending')
    // The passkey signed this withdrawal: its counter moved, and the back office has the request.
    expect((await credentials())[0]?.signCount).toBeGreaterThan(before)
    const queue = (await opsCall(
      gateway,
      'GET',
      '/reviews?kind=withdraw&status=pending',
    )) as Array<{
      account: string
    }>
    expect(queue.map((r) => r.account)).toContain(gateway.config.demoAccount)
    expect(pageErrors).toEqual([])
  })
})
