import { randomUUID } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brokerApi, brokerData } from '../support/broker'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { writeJourneyImages, type JourneyImages } from './images'
import { journeyScreens } from './journey'
import { shotInEveryLanguage } from './steps/languages'
import { nextBankMorning, opsCall, setClock } from './ops'

/**
 * Issue 17's back-office journey on a 390×844 phone: a reviewer logs into the console at /ops/,
 * approves a customer's deposit with its transfer slip in view, answers the customer's support
 * conversation, and rejects a withdrawal with a reason; the customer then sees that reason in the
 * customer app's withdrawal records. The customer's requests are made over the wire (the demo
 * account), so the journey is the operator's.
 */
const QUESTION = '出金はいつ反映されますか'
const ANSWER = '審査後、翌営業日に振り込まれます。'
const REASON = '振込先の名義が一致しません'

let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let context: BrowserContext
let page: Page
let images: JourneyImages
const pageErrors: string[] = []
let customer: { token: string; account: string }
const ids = { deposit: '', withdraw: '', thread: '' }

async function uploadVoucher(): Promise<string> {
  const form = new FormData()
  form.set('kind', 'voucher')
  form.set('file', new Blob([readFileSync(images.voucher)], { type: 'image/jpeg' }), 'slip.jpg')
  const res = await fetch(`${gateway.url}/api/vue/common/upload`, {
    method: 'POST',
    headers: customer,
    body: form,
  })
  return ((await res.json()) as { data: { id: string } }).data.id
}

beforeAll(async () => {
  gateway = await startGateway({ REVIEW_POLICY: 'manual', TIME_TRAVEL: '1' })
  images = await writeJourneyImages()
  await setClock(gateway, nextBankMorning(Date.now()).at)
  const { demoAccount: account, demoPassword: password } = gateway.config
  customer = {
    account,
    token: (await brokerData<{ token: string }>(gateway.url, '/user/login', { account, password }))
      .token,
  }
  const deposit = await brokerApi(
    gateway.url,
    '/user/recharge',
    {
      type: 'jpy',
      channel: 'bank_transfer',
      money: '30000',
      voucher: await uploadVoucher(),
      idem: randomUUID(),
    },
    customer,
  )
  ids.deposit = (deposit.data as { id: string }).id
  const [card] = await brokerData<Array<{ id: string | number }>>(
    gateway.url,
    '/user/banks',
    {},
    customer,
  )
  const withdrawal = await brokerApi(
    gateway.url,
    '/user/withdraw',
    {
      type: 'jpy',
      money: '20000',
      bank_id: String(card?.id),
      fund_password: gateway.config.demoFundPassword,
      idem: randomUUID(),
    },
    customer,
  )
  expect(withdrawal.msg).toBe('submit_ok')
  ids.withdraw = (withdrawal.data as { id: string }).id
  const sent = await brokerData<{ thread: { id: string } }>(
    gateway.url,
    '/user/supportSend',
    { text: QUESTION, idem: randomUUID() },
    customer,
  )
  ids.thread = sent.thread.id

  const phone = await launchPhone()
  browser = phone.browser
  context = phone.context
  page = await context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
  if (images) rmSync(images.dir, { recursive: true, force: true })
})

const screens = () => journeyScreens(page, gateway.url, 'console')
const menuTo = async (name: string) => {
  await page.getByRole('button', { name: 'メニュー' }).click()
  await page.getByRole('link', { name }).click()
}

describe('the back-office console on a 390×844 phone', () => {
  it('logs the reviewer in (a wrong password is refused in words)', async () => {
    await page.goto(`${gateway.url}/ops/`)
    await page.getByLabel('ログインID').fill('reviewer')
    await page.getByLabel('パスワード').fill('not-the-password')
    await page.getByRole('button', { name: 'ログイン' }).click()
    await page.getByText('アカウントまたはパスワードが').waitFor()
    await page.getByLabel('パスワード').fill(gateway.config.demoOperators.reviewer)
    await page.getByRole('button', { name: 'ログイン' }).click()
    await expect.poll(() => page.getByTestId('operator').textContent()).toContain('審査担当')
    // The operators' page is an admin's: not in a reviewer's menu.
    await page.getByRole('button', { name: 'メニュー' }).click()
    await page.getByRole('link', { name: 'お問い合わせ' }).waitFor()
    expect(await page.getByRole('link', { name: 'オペレーター' }).count()).toBe(0)
    await page.keyboard.press('Escape')
    await screens().shot('01-deposits')
  })

  it('approves the deposit with its transfer slip in view', async () => {
    const card = page.getByTestId(`review-${ids.deposit}`)
    await card.waitFor()
    // The slip is fetched with the operator's token and shown.
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    await card.getByRole('button', { name: '承認' }).click()
    await page.getByText('承認しました').waitFor()
    await expect.poll(() => card.count()).toBe(0)
    const approved = (await opsCall(
      gateway,
      'GET',
      '/reviews?kind=deposit&status=approved',
    )) as Array<{
      id: string
    }>
    expect(approved.map((r) => r.id)).toContain(ids.deposit)
  })

  it('answers the support conversation', async () => {
    await menuTo('お問い合わせ')
    await page.getByText(QUESTION).first().click()
    await page.getByLabel('返信').fill(ANSWER)
    await screens().shot('02-support')
    await page.getByRole('button', { name: '送信' }).click()
    // In the conversation once the gateway took it (the reply box holds the same text until then:
    // React keeps a controlled textarea's text content in step with its value).
    await page.getByRole('listitem').filter({ hasText: ANSWER }).waitFor()
    const thread = await brokerData<{ messages: Array<{ author: string; text: string }> }>(
      gateway.url,
      '/user/supportThread',
      { id: ids.thread },
      customer,
    )
    expect(thread.messages.at(-1)).toMatchObject({ author: 'operator', text: ANSWER })
  })

  it('rejects the withdrawal with a reason', async () => {
    await menuTo('審査')
    await page.getByRole('tab', { name: '出金' }).click()
    const card = page.getByTestId(`review-${ids.withdraw}`)
    await card.getByRole('button', { name: '却下' }).click()
    await page.getByLabel('理由（お客様に表示されます）').fill(REASON)
    await screens().shot('03-reject')
    await page.getByRole('button', { name: '確定' }).click()
    await page.getByText('却下しました').waitFor()
    await expect.poll(() => card.count()).toBe(0)
  })

  // Issue 34 item 10: a reviewer was shown the admin's create forms and draw buttons, which the
  // API refuses them (admin_required).
  it('shows a reviewer the offers without the admin’s forms or draw buttons', async () => {
    await menuTo('IPO・立会外分売')
    await page.getByTestId('console-admin-only').first().waitFor()
    expect(await page.getByTestId('console-admin-only').count()).toBe(2)
    expect(await page.getByRole('button', { name: '作成' }).count()).toBe(0)
    expect(await page.locator('[data-testid^="console-ipo-draw-"]').count()).toBe(0)
    await shotInEveryLanguage(page, screens().shot, '05-offers-reviewer', 'console-admin-only')
  })

  it('shows the customer the reason in the customer app', async () => {
    const phone = await context.newPage()
    const customerScreens = journeyScreens(phone, gateway.url, 'console')
    await customerScreens.login(gateway.config.demoAccount, gateway.config.demoPassword)
    await customerScreens.open('/mine/withdraw', 'withdraw-records')
    const records = phone.getByTestId('withdraw-records')
    await expect.poll(() => records.textContent(), { timeout: 15_000 }).toContain(REASON)
    await customerScreens.shot('04-customer-sees-reason')
    // Audited with the person who decided.
    const trail = (await opsCall(
      gateway,
      'GET',
      `/audit?target=withdraw:${ids.withdraw}`,
    )) as Array<{
      operator: string
      action: string
    }>
    expect(trail[0]).toMatchObject({ action: 'review.withdraw.reject' })
    expect(trail[0]?.operator).toMatch(/^reviewer#\d+$/)
    expect(pageErrors).toEqual([])
  })
})
