import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { journeyScreens } from './journey'
import { addVirtualAuthenticator } from './virtual-authenticator'
import { opsCall } from './ops'

/**
 * Issue 17's operator passkey journey on a phone, with Chromium's virtual authenticator (CDP
 * WebAuthn, as in passkeys.test.ts): a new reviewer logs into the console with the password, adds
 * a passkey at "My security", logs out, and logs in again: the password alone now asks for the
 * passkey, which signs. WebAuthn needs a domain as relying party: the page is on localhost.
 */
const WHO = { login: 'kato.review', password: 'kato-review-2026' }

let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
let authenticator: Awaited<ReturnType<typeof addVirtualAuthenticator>>
let url: string
const pageErrors: string[] = []

const credentials = () => authenticator.credentials()

const screens = () => journeyScreens(page, url, 'console-passkey')

async function passwordStep() {
  await page.getByLabel('ログインID').fill(WHO.login)
  await page.getByLabel('パスワード').fill(WHO.password)
  await page.getByRole('button', { name: 'ログイン' }).click()
}

beforeAll(async () => {
  gateway = await startGateway({ REVIEW_POLICY: 'manual' })
  url = gateway.url.replace('127.0.0.1', 'localhost')
  await opsCall(gateway, 'POST', '/operators', {
    login: WHO.login,
    display_name: 'Kato (review)',
    role: 'reviewer',
    password: WHO.password,
  })
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  authenticator = await addVirtualAuthenticator(page)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

describe('an operator’s passkey in the console, on a 390×844 phone', () => {
  it('is added at "My security", behind the password', async () => {
    await page.goto(`${url}/ops/`)
    await passwordStep()
    await expect.poll(() => page.getByTestId('operator').textContent()).toContain('Kato')
    await page.getByRole('button', { name: 'メニュー' }).click()
    await page.getByRole('link', { name: 'セキュリティ設定' }).click()
    await page.getByTestId('console-add-passkey').click()
    await page.getByTestId('console-security-password').fill(WHO.password)
    await screens().shot('01-add')
    await page.getByTestId('console-security-confirm').click()
    await page.getByTestId('console-passkeys').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('console-passkeys').getByRole('listitem').count()).toBe(1)
    expect(await credentials()).toMatchObject([{ rpId: 'localhost', isResidentCredential: true }])
    await screens().shot('02-added')
  })

  it('is then asked for after the password, and logs the operator in', async () => {
    await page.getByRole('button', { name: 'ログアウト' }).click()
    await passwordStep()
    await page.getByTestId('console-login-factor').waitFor()
    // The password alone opened nothing.
    expect(await page.evaluate(() => sessionStorage.getItem('kabu.ops.token'))).toBeNull()
    await screens().shot('03-factor')
    await page.getByTestId('console-login-passkey').click()
    await expect
      .poll(() => page.getByTestId('operator').textContent(), { timeout: 15_000 })
      .toContain('Kato')
    expect((await credentials())[0]?.signCount).toBeGreaterThan(0)
    const trail = (await opsCall(gateway, 'GET', `/audit?target=operator:${WHO.login}`)) as Array<{
      operator: string
      action: string
    }>
    expect(trail[0]).toMatchObject({ action: 'operator.passkey_add' })
    expect(trail[0]?.operator).toMatch(/^kato\.review#\d+$/)
    expect(pageErrors).toEqual([])
  })
})
