import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { launchPhone } from './browser'
import { startGateway } from './gateway'
import { shotInEveryLanguage, type ScreenReady } from './steps/languages'

/** Where the journeys leave their screenshots (named `<journey>-<step>.png`). */
const SHOTS = path.resolve(import.meta.dirname, 'screenshots')

/**
 * A screenshot has one pixel per CSS pixel: the phone still renders at its device scale of 3, but
 * a device-scale PNG (1170×2532, nine times the pixels) took Chromium several times as long to
 * capture and encode, on every screen of every journey.
 */
export const SHOT_SCALE = 'css'

/**
 * The screen helpers of a phone journey on `page` against the gateway at `url`: go to a route and
 * wait for it, read the route, log in as the demo account, and take a screenshot once the screen's
 * animations have ended. `journey` prefixes the screenshots' names.
 */
export function journeyScreens(page: Page, url: string, journey: string) {
  mkdirSync(SHOTS, { recursive: true })
  /** Lets the screen's fade-in (and any other finite animation) end, so a shot shows it whole. */
  const settle = () =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    )
  const hashPath = () => new URL(page.url()).hash.replace(/^#/, '').split('?')[0]
  /** `fullPage`: the whole scrolled page, for a form longer than the phone's screen. */
  const shot = async (name: string, fullPage = false) => {
    await settle()
    const file = path.join(SHOTS, `${journey}-${name}.png`)
    await page.screenshot({ path: file, fullPage, scale: SHOT_SCALE })
  }
  return {
    hashPath,
    shot,
    async open(route: string, testId: string) {
      await page.goto(`${url}/#${route}`)
      await page.getByTestId(testId).first().waitFor()
    },
    /** The screen at hand shot in every language (steps/languages.ts), `<name>-<locale>`. */
    shotInLanguages: (name: string, ready: ScreenReady, fullPage = false) =>
      shotInEveryLanguage(page, (shotName) => shot(shotName, fullPage), name, ready),
    async login(account: string, password: string) {
      await page.goto(`${url}/#/login/login`)
      await page.getByTestId('password').waitFor()
      await page.getByTestId('account').fill(account)
      await page.getByTestId('password').fill(password)
      await page.getByTestId('submit').click()
      await expect.poll(hashPath, { timeout: 15_000 }).toBe('/home/home')
    },
  }
}

/** React's words for a render loop: the production build's error #185, the development one's text. */
const UPDATE_LOOP = /Minified React error #185|Maximum update depth exceeded/

/** What a phone journey works with, set once its `beforeAll` has run (read it inside tests). */
export interface PhoneJourney {
  gateway: Awaited<ReturnType<typeof startGateway>>
  browser: Browser
  page: Page
  screens: ReturnType<typeof journeyScreens>
  /** The page's uncaught errors and React's render loops: a journey ends by expecting none. */
  pageErrors: string[]
}

/**
 * Opens a phone journey named `journey`: registers the file's hooks that start a real gateway with
 * `env` and a 390×844 phone with one page (its errors collected), and close both after. Every
 * journey opened the same way; one that needs more before its phone starts keeps its own hooks.
 *
 * @example const j = phoneJourney('trust', { TIME_TRAVEL: '1' })
 */
export function phoneJourney(journey: string, env: Record<string, string> = {}): PhoneJourney {
  const j = { pageErrors: [] as string[] } as PhoneJourney
  beforeAll(async () => {
    j.gateway = await startGateway(env)
    const phone = await launchPhone()
    j.browser = phone.browser
    j.page = await phone.context.newPage()
    j.page.on('pageerror', (e) => j.pageErrors.push(e.message))
    // React logs a render loop it stopped (#185, "Maximum update depth exceeded") to the console,
    // not as a page error: a journey fails on it too (issue 34 item 19).
    j.page.on('console', (m) => {
      if (m.type() === 'error' && UPDATE_LOOP.test(m.text())) j.pageErrors.push(m.text())
    })
    j.screens = journeyScreens(j.page, j.gateway.url, journey)
  })
  afterAll(async () => {
    await j.browser?.close()
    await j.gateway?.stop()
  })
  return j
}

/** A wire decimal string in 1/10,000 units, exactly. */
export function units(text: string | undefined): bigint {
  const value = parseUnits(text ?? '', { signed: true })
  if (value === null) throw new Error(`not an amount: ${text}`)
  return value
}
