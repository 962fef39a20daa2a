import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { SHOT_SCALE } from './journey'

/**
 * Issue 2's walk on a phone, against a real gateway: start screen → register → live prices on home →
 * search → stock detail with its chart → English and back → log out. Screenshots go to
 * tests/e2e/screenshots for a person to look at.
 */
const shots = path.resolve(import.meta.dirname, 'screenshots')
mkdirSync(shots, { recursive: true })

let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page

const shot = (name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), scale: SHOT_SCALE })
const hashPath = () => new URL(page.url()).hash.replace(/^#/, '').split('?')[0]

beforeAll(async () => {
  gateway = await startGateway()
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
  page.on('pageerror', (e) => console.error('page error:', e.message))
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

describe('walking skeleton on a 390×844 phone', () => {
  it('starts through the six steps and lands on login without a session', async () => {
    // The version check waits until the steps are seen: on a fast run all six finish before a
    // poll could see them, and the screen has already moved on to login.
    let release = () => {}
    const seen = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      '**/common/version',
      async (route) => {
        await seen
        await route.continue()
      },
      { times: 1 },
    )
    await page.goto(gateway.url + '/')
    await expect.poll(hashPath).toBe('/login/start')
    await page.getByTestId('start-steps').waitFor()
    await shot('01-start')
    release()
    await expect.poll(hashPath, { timeout: 15_000 }).toBe('/login/login')
    expect(await page.getByTestId('start-failed').count()).toBe(0)
  })

  it('registers with the demo invite code and arrives home', async () => {
    await page.goto(gateway.url + '/#/login/register')
    // A hash-only navigation keeps the page: wait for the register form before typing into it.
    await page.getByTestId('password2').waitFor()
    await page.getByTestId('account').fill('e2euser01')
    await page.getByTestId('password').fill('secret-pass-1')
    await page.getByTestId('password2').fill('secret-pass-1')
    await page.getByTestId('invite').fill(gateway.config.demoInvite)
    await page.getByTestId('agree').check()
    await shot('02-register')
    await page.getByTestId('submit').click()
    await expect.poll(hashPath, { timeout: 15_000 }).toBe('/home/home')
    expect(await page.evaluate(() => localStorage.getItem('tokend'))).toBeTruthy()
  })

  it('shows indices and popular stocks whose prices move within 5 s', async () => {
    const price = page.getByTestId('price-N225').first()
    await price.waitFor()
    await page.getByTestId('simulated-badge').first().waitFor()
    const prices = page.locator('[data-testid^="price-"]')
    const before = await prices.allTextContents()
    expect(before.length).toBeGreaterThan(5)
    await expect
      .poll(async () => (await prices.allTextContents()).join('|'), {
        timeout: 5_000,
        interval: 250,
      })
      .not.toBe(before.join('|'))
    await shot('03-home')
  })

  it('finds a stock by name from the top search box and opens its detail with a chart', async () => {
    await page.getByTestId('top-search').click()
    await expect.poll(hashPath).toBe('/quotes/search')
    await page.getByTestId('search-input').fill('トヨタ')
    await page.getByTestId('search-result-7203').click()
    await expect.poll(hashPath).toBe('/quotes/info')
    for (const id of ['quote-price', 'quote-open', 'quote-prevclose', 'quote-high', 'quote-low']) {
      await expect.poll(() => page.getByTestId(id).textContent()).toMatch(/\d/)
    }
    for (const id of ['quote-volume', 'quote-turnover', 'quote-marketcap']) {
      await page.getByTestId(id).waitFor()
    }
    // lightweight-charts draws into canvases; a drawn chart has non-blank pixels.
    const candles = page.getByTestId('chart-candles')
    await candles.locator('canvas').first().waitFor()
    await expect
      .poll(() => drawnPixels(page, 'chart-candles'), { timeout: 10_000 })
      .toBeGreaterThan(500)
    await shot('04-stock-day')
    await page.getByTestId('chart-tab-intraday').click()
    await expect
      .poll(() => drawnPixels(page, 'chart-intraday'), { timeout: 10_000 })
      .toBeGreaterThan(200)
    await shot('05-stock-intraday')
  })

  it('switches to English and back to Japanese from mine', async () => {
    await page.goto(gateway.url + '/#/mine/index')
    await page.getByTestId('open-panel').click()
    await page.getByTestId('panel-language').click()
    await expect.poll(hashPath).toMatch(/^\/mine\/(language|changeLang)$/)
    await Promise.all([page.waitForEvent('load'), page.getByTestId('lang-en').click()])
    // Stored as the spec's code (§1: jp, cn, us).
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('us')
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en')
    await page.getByTestId('tab-mine').waitFor()
    await shot('06-language-en')
    await Promise.all([page.waitForEvent('load'), page.getByTestId('lang-ja').click()])
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja')
  })

  it('logs out: clears the session and goes to login', async () => {
    await page.goto(gateway.url + '/#/mine/index')
    await page.getByTestId('open-panel').click()
    await page.getByTestId('panel-logout').click()
    await expect.poll(hashPath, { timeout: 10_000 }).toBe('/login/login')
    expect(
      await page.evaluate(() => [localStorage.getItem('tokend'), localStorage.getItem('account')]),
    ).toEqual([null, null])
    await shot('07-logged-out')
  })
})

/**
 * Counts strongly coloured pixels over the canvases inside a test id. Grid, axes and text are grey;
 * candles, volume and the intraday line are coloured, so zero means no series was drawn.
 */
function drawnPixels(page: Page, testId: string): Promise<number> {
  return page.evaluate((id) => {
    let count = 0
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>(
      `[data-testid="${id}"] canvas`,
    )) {
      const ctx = canvas.getContext('2d')
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue
      const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data
      for (let i = 0; i < d.length; i += 16) {
        const [r, g, b, a] = [d[i]!, d[i + 1]!, d[i + 2]!, d[i + 3]!]
        if (a > 0 && Math.max(r, g, b) - Math.min(r, g, b) > 60) count++
      }
    }
    return count
  }, testId)
}
