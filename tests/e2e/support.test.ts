import type { Browser, Page } from 'playwright-core'
import type { OpsSupportThread } from '@kabu/shared/api/support'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rmSync } from 'node:fs'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { writeJourneyImages, type JourneyImages } from './images'
import { journeyScreens } from './journey'
import { opsCall } from './ops'

/**
 * Issue 15's customer-service journey on a phone against a real gateway: from Mine's side panel
 * to the conversations, a new conversation with text and a photo, the back office's queue lists
 * it and an operator replies, and the reply appears on the phone without a reload; the list then
 * shows the conversation answered, its reply already read. The external `kefu` link set in KEFU_URL is offered beside it.
 */
const KEFU = 'https://support.example.jp/chat'
const QUESTION = '入金の反映について教えてください'
const REPLY = '通常、確認後30分以内に反映されます。'

let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
let images: JourneyImages
let screens: ReturnType<typeof journeyScreens>
const pageErrors: string[] = []

beforeAll(async () => {
  gateway = await startGateway({ KEFU_URL: KEFU })
  images = await writeJourneyImages()
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()))
  screens = journeyScreens(page, gateway.url, 'support')
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
  if (images) rmSync(images.dir, { recursive: true, force: true })
})

describe('customer-service journey on a 390×844 phone', () => {
  it('reaches the conversations from Mine’s side panel; none yet, the external link offered', async () => {
    await screens.login(gateway.config.demoAccount, gateway.config.demoPassword)
    await screens.open('/mine/index', 'open-panel')
    await page.getByTestId('open-panel').click()
    await page.getByTestId('panel-kefu').click()
    await expect.poll(screens.hashPath).toBe('/mine/support')
    await page.getByTestId('support-new').waitFor()
    await page.getByRole('status').waitFor()
    expect(await page.getByTestId('support-external').getAttribute('href')).toBe(KEFU)
    await screens.shot('01-empty')
  })

  it('sends a question with a photo in a new conversation', async () => {
    await page.getByTestId('support-new').click()
    await expect.poll(screens.hashPath).toBe('/mine/supportInfo')
    await page.getByTestId('support-text').fill(QUESTION)
    await page.getByTestId('support-file').setInputFiles(images.voucher)
    await page.getByTestId('support-preview').waitFor()
    // Send waits for the photo's upload.
    await expect
      .poll(() => page.getByTestId('support-send').isEnabled(), { timeout: 15_000 })
      .toBe(true)
    await screens.shot('02-draft')
    await page.getByTestId('support-send').click()
    const mine = page.getByTestId('support-message-user')
    await mine.waitFor()
    await expect.poll(() => mine.textContent()).toContain(QUESTION)
    // The photo came back from the gateway (re-encoded), shown through the session.
    await mine.getByTestId('support-image').waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('support-text').inputValue()).toBe('')
    await screens.shot('03-sent')
  })

  it('gets the operator’s reply live, without a reload', async () => {
    const queue = (await opsCall(gateway, 'GET', '/support?status=open')) as OpsSupportThread[]
    const thread = queue.find((t) => t.account === gateway.config.demoAccount)
    expect(thread).toMatchObject({ subject: QUESTION, status: 'open' })
    const urlBefore = page.url()
    await opsCall(gateway, 'POST', `/support/${thread!.id}/reply`, { text: REPLY })
    const reply = page.getByTestId('support-message-operator')
    await reply.waitFor({ timeout: 10_000 })
    expect(await reply.textContent()).toContain(REPLY)
    expect(page.url()).toBe(urlBefore)
    await screens.shot('04-reply')
  })

  it('lists the conversation as answered', async () => {
    await page.goBack()
    await expect.poll(screens.hashPath).toBe('/mine/support')
    const row = page.locator('[data-testid^="support-thread-"]').first()
    await row.waitFor()
    await expect.poll(() => row.textContent()).toContain(QUESTION)
    await expect.poll(() => row.textContent()).toMatch(/回答済み/)
    // The reply was read where it arrived: no "new reply" badge on the list.
    await expect.poll(() => row.locator('.MuiBadge-badge:not(.MuiBadge-invisible)').count()).toBe(0)
    await screens.shot('05-list')
    expect(pageErrors).toEqual([])
  })
})
