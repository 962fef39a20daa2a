import type { Page } from 'playwright-core'
import { LOCALES, STORED_CODE, type Locale } from '../../../client/src/i18n/locale'

/**
 * What brings a screen back after a language's reload: the test id of what it shows (waited for
 * and scrolled into view), or a step of the journey's own, which may check the screen's words.
 */
export type ScreenReady = string | ((locale: Locale) => Promise<void>)

/**
 * Screenshots of the screen `page` shows, in every language, the cheap way: the stored language
 * (`language`, spec §3) is set as the language screen sets it, the same page reloaded, the screen
 * made `ready`, then the shot is `shoot(<name>-<locale>)`. Japanese, the default, is shot last, so
 * the journey goes on in it. A reload starts a form afresh: what was typed is gone.
 */
export async function shotInEveryLanguage(
  page: Page,
  shoot: (name: string) => Promise<void>,
  name: string,
  ready: ScreenReady,
): Promise<void> {
  const order: Locale[] = [...LOCALES.filter((l) => l !== 'ja'), 'ja']
  for (const locale of order) {
    await page.evaluate((code) => localStorage.setItem('language', code), STORED_CODE[locale])
    await page.reload()
    await page.waitForFunction((lang) => document.documentElement.lang === lang, locale)
    if (typeof ready === 'string') {
      const shown = page.getByTestId(ready).first()
      await shown.waitFor()
      await shown.scrollIntoViewIfNeeded()
    } else await ready(locale)
    await shoot(`${name}-${locale}`)
  }
}
