import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Where the journeys leave their screenshots (named `<journey>-<step>.png`). */
const SHOTS = path.resolve(import.meta.dirname, 'screenshots')

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
  return {
    hashPath,
    async shot(name: string) {
      await settle()
      await page.screenshot({ path: path.join(SHOTS, `${journey}-${name}.png`) })
    },
    async open(route: string, testId: string) {
      await page.goto(`${url}/#${route}`)
      await page.getByTestId(testId).first().waitFor()
    },
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

/** A wire decimal string in 1/10,000 units, exactly. */
export function units(text: string | undefined): bigint {
  const value = parseUnits(text ?? '', { signed: true })
  if (value === null) throw new Error(`not an amount: ${text}`)
  return value
}
