import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUpstreamGateway, type UpstreamTestGateway } from '../support/upstream'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { journeyScreens } from './journey'

/**
 * Upstream broker mode on a phone (issue 16): the phone talks only to gateway A, which forwards
 * `/api/vue` to broker B (an ordinary gateway in demo mode) and serves the market itself. The demo
 * login, Positions with the demo's holdings at live prices, Mine and the messages all come through
 * A; when B goes away the phone is told so in its language instead of hanging.
 */
let broker: Awaited<ReturnType<typeof startGateway>>
let front: UpstreamTestGateway
let browser: Browser
let page: Page
let screens: ReturnType<typeof journeyScreens>
const pageErrors: string[] = []
let brokerStopped = false

beforeAll(async () => {
  // The broker believes the front gateway's X-Forwarded-For (it is on loopback).
  broker = await startGateway({ TRUST_PROXY: 'loopback' })
  front = await startUpstreamGateway(`${broker.url}/api/vue`, { LOG_LEVEL: 'warn' })
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  screens = journeyScreens(page, front.url, 'upstream')
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await front?.stop()
  if (!brokerStopped) await broker?.stop()
})

describe('a phone through a gateway in upstream broker mode', () => {
  it("logs in with the broker's demo account", async () => {
    await page.goto(`${front.url}/#/login/login`)
    const offer = page.getByTestId('demo-login')
    await offer.waitFor()
    // /common/config came from the broker, through the front gateway.
    await expect.poll(() => offer.textContent()).toContain(broker.config.demoAccount)
    await page.getByTestId('demo-login-use').click()
    await expect.poll(screens.hashPath, { timeout: 15_000 }).toBe('/home/home')
    await screens.shot('01-home')
  })

  it("shows the broker's holdings on Positions, priced by the front gateway's market", async () => {
    await screens.open('/position/index', 'holding-status')
    const holdings = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('[data-testid]')].filter((e) =>
            /^holding-\d+$/.test(e.getAttribute('data-testid') ?? ''),
          ).length,
      )
    // The demo's three first buys, made in the broker.
    await expect.poll(holdings, { timeout: 15_000 }).toBe(3)
    await screens.shot('02-positions')
  })

  it('shows Mine and the messages, all from the broker', async () => {
    await screens.open('/mine/index', 'mine-tile-deposit')
    await screens.shot('03-mine')
    await screens.open('/mine/message', 'message-item-1')
    expect(await page.locator('[data-testid^="message-item-"]').count()).toBeGreaterThan(0)
    expect(pageErrors).toEqual([])
  })

  it('says the broker is not answering when it has gone away', async () => {
    await broker.stop()
    brokerStopped = true
    // A fresh load of the inbox (the screen open now keeps what it read).
    await page.goto(`${front.url}/#/mine/index`)
    await page.reload()
    await screens.open('/mine/message', 'message-retry')
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('証券会社のサービスが応答していません')
    await screens.shot('04-broker-gone')
  })
})
